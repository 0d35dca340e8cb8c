// While the rows on screen are being replaced by the API's answer (a page, sort or search of a list
// paged by the server) they stay, dimmed, under a thin bar along the top of the list. The dimming is
// what shows it when the bar is scrolled out of view (the page links sit below the table).
//
// Both are plain elements and a class whose styles the list carries from its first render
// (LIST_PROGRESS_SX): a style rule first inserted while a search runs (MUI's LinearProgress, a changed
// `sx`) makes the browser restyle the whole page, up to 50 ms of a keystroke measured (docs/speed.md).
import { keyframes, type SystemStyleObject } from '@mui/system';
import { lighten, type Theme } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { useListContext, useTranslate } from 'ra-core';

/** How long the next rows may take before the list shows it is waiting for them. */
export const REPLACING_DELAY_MS = 200;

/**
 * Previous rows on screen while the next ones load, once they have taken REPLACING_DELAY_MS: a quick answer (most
 * keystrokes of a search) replaces the rows without the bar and the dimming flashing on and off, and without
 * the page repainted for them while the answer is on its way.
 */
export function useRowsReplacing(): boolean {
  const { isFetching, isPending } = useListContext();
  const waiting = !!isFetching && !isPending;
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!waiting) return setLate(false);
    const timer = setTimeout(() => setLate(true), REPLACING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return waiting && late;
}

/** The class of the rows' box while they are being replaced (dimmed). */
export const ROWS_REPLACING = 'olympus-rows-replacing';
const BAR = 'olympus-list-progress';

// MUI's indeterminate LinearProgress, two bars crossing the track, moved by `transform` rather than by
// `left` and `right`: the compositor animates it without a style and layout pass of the page per frame.
const first = keyframes`
  0% { transform: translateX(-100%) scaleX(1); }
  60% { transform: translateX(290%) scaleX(1.5); }
  100% { transform: translateX(290%) scaleX(1.5); }
`;
const second = keyframes`
  0% { transform: translateX(-100%) scaleX(0.5); }
  60% { transform: translateX(170%) scaleX(1.5); }
  100% { transform: translateX(170%) scaleX(1.5); }
`;

/** The list's own styles for the bar and the dimmed rows: on the element around both, from the first render. */
export const LIST_PROGRESS_SX = (theme: Theme): SystemStyleObject<Theme> => ({
  // At once, not faded: a transition would be a layer of its own for the whole table while rows render.
  [`& .${ROWS_REPLACING}`]: { opacity: 0.55 },
  // Absolutely placed over the card's top edge: showing it moves nothing.
  [`& .${BAR}`]: {
    position: 'absolute',
    top: 0,
    left: 0,
    right: 0,
    height: 3,
    overflow: 'hidden',
    zIndex: 0,
    backgroundColor: lighten(theme.palette.primary.main, 0.62),
    '& > span': {
      position: 'absolute',
      top: 0,
      bottom: 0,
      left: 0,
      transformOrigin: 'left',
      backgroundColor: theme.palette.primary.main,
    },
    '& > span:first-of-type': {
      width: '35%',
      animation: `${first} 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite`,
    },
    '& > span:last-of-type': {
      width: '60%',
      animation: `${second} 2.1s cubic-bezier(0.165, 0.84, 0.44, 1) 1.15s infinite`,
    },
  },
});

/** The bar, while `shown` (the list's useRowsReplacing, decided once for the bar and the dimming). */
export function ListProgress({ shown }: { shown: boolean }) {
  const translate = useTranslate();
  if (!shown) return null;
  return (
    <div role="progressbar" aria-label={translate('olympus.lists.loading')} className={BAR}>
      <span />
      <span />
    </div>
  );
}
