// Below the theme's `sm` breakpoint (600 px, src/layout/theme.ts keeps MUI's breakpoints) a list shows
// one card per record instead of a table, as react-admin's SimpleList does (react-admin's useMediaQuery docs).
import { useMediaQuery, type Theme } from '@mui/material';

export function useIsPhone(): boolean {
  // noSsr: the first render already knows the screen, so a phone never draws the table first.
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
}
