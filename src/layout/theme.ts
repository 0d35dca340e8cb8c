// Olympus theme on top of react-admin's default: navy and gold, and the operating system's own
// sans-serif — no web font is fetched (no request to a host the operator did not configure).
import { deepmerge } from '@mui/utils';
import type { Theme } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const BRAND = { navy: '#23395d', gold: '#c9a227' } as const;

const SYSTEM_FONT = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

export const theme: RaThemeOptions = deepmerge(defaultTheme, {
  palette: {
    mode: 'light',
    primary: { main: BRAND.navy, contrastText: '#ffffff' },
    secondary: { main: '#a8841a', contrastText: '#ffffff' },
    // MUI's error red (#d32f2f) gives 4.4:1 on a filled field's grey: a field label in error fails WCAG AA (4.5:1).
    error: { main: '#c62828' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: SYSTEM_FONT, h6: { fontWeight: 500 } },
  sidebar: { width: 220, closedWidth: 56 },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
    },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    // A table wider than its card (many columns on a narrow window) scrolls sideways inside its own
    // box, never the page (the layout keeps to the window's width).
    RaDataTable: { styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } } },
    // The text under a locked field says why it is locked: it must stay readable (MUI greys it to
    // 2.7:1 with the field, below WCAG AA's 4.5:1), so it keeps the secondary text colour.
    MuiFormHelperText: {
      styleOverrides: {
        root: ({ theme: t }: { theme: Theme }) => ({
          '&.Mui-disabled:not(.Mui-error)': { color: t.palette.text.secondary },
        }),
      },
    },
    MuiCheckbox: {
      defaultProps: {
        // A checkbox given an `aria-label` (react-admin's "Select this row") carries it on its outer span,
        // where ARIA forbids it and the input stays unnamed: the name goes on the input instead.
        slotProps: {
          root: () => ({ 'aria-label': undefined }),
          input: (state: { 'aria-label'?: string }) =>
            state['aria-label'] ? { 'aria-label': state['aria-label'] } : {},
        },
      },
    },
  },
} satisfies RaThemeOptions);
