// While the rows on screen are being replaced by the API's answer (a page, sort or search of a list
// paged by the server) they stay, dimmed, under a thin bar along the top of the list. The dimming is
// what shows it when the bar is scrolled out of view (the page links sit below the table).
import { LinearProgress } from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';

/** Previous rows on screen while the next ones load. */
export function useRowsReplacing(): boolean {
  const { isFetching, isPending } = useListContext();
  return !!isFetching && !isPending;
}

export const REPLACING_ROWS_SX = { opacity: 0.55, transition: 'opacity 150ms' } as const;

export function ListProgress() {
  const translate = useTranslate();
  if (!useRowsReplacing()) return null;
  // Absolutely placed over the card's top edge: showing it moves nothing.
  return (
    <LinearProgress
      aria-label={translate('olympus.lists.loading')}
      sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 3 }}
    />
  );
}
