// A list's table short of room (many columns on a narrow window): its row buttons show their icons
// alone, each named by its text (kept for screen readers, and as a tooltip), before the table has to
// scroll sideways in its box. The cards of a phone are never compact.
import { createContext, useContext, useEffect, useState, type ReactElement, type RefObject } from 'react';
import { Tooltip } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { DataTableClasses } from 'react-admin';

/** The class of a row button (./RowButton.tsx), of its text, and of the box around a row's buttons. */
export const ROW_BUTTON = 'olympus-row-button';
export const ROW_BUTTON_TEXT = 'olympus-row-button-text';
export const ROW_ACTIONS = 'olympus-row-actions';

/** Whether the table around is compact: its row buttons icons only. */
export const CompactRows = createContext(false);

/** The class of the box around a compact table. */
export const ROWS_COMPACT = 'olympus-rows-compact';

/**
 * The styles of a compact table, for the box around it: the texts hidden but for screen readers, the
 * buttons shrunk to their icon. Always there, turned on by the class: a style first inserted when the
 * window narrows would restyle the whole page (docs/speed.md "Rendering").
 */
export const COMPACT_ROWS_SX = {
  [`&.${ROWS_COMPACT} .${ROW_BUTTON_TEXT}`]: visuallyHidden,
  [`&.${ROWS_COMPACT} .${ROW_ACTIONS} .${ROW_BUTTON}`]: { minWidth: 0, px: 0.75 },
  [`&.${ROWS_COMPACT} .${ROW_ACTIONS} .${ROW_BUTTON} > svg`]: { m: 0 },
} as const;

/** A row button's text: in a compact table a tooltip over the icon instead. */
export function RowButtonTip({ text, children }: { text: string; children: ReactElement }) {
  if (!useContext(CompactRows)) return children;
  return (
    <Tooltip title={text} describeChild>
      {children}
    </Tooltip>
  );
}

/**
 * Whether the table in `box` is compact: it turns so when the table with its buttons' texts is wider
 * than its box, and back once the box is as wide as that table was (not sooner, or the two would take
 * turns at one width).
 */
export function useCompactRows(box: RefObject<HTMLElement | null>): boolean {
  const [compact, setCompact] = useState(false);
  useEffect(() => {
    const root = box.current;
    if (!root || typeof ResizeObserver === 'undefined') return;
    let needed = Infinity;
    let now = false;
    const measure = () => {
      const wrapper = root.querySelector<HTMLElement>(`.${DataTableClasses.tableWrapper}`);
      const table = wrapper?.querySelector('table');
      if (!wrapper || !table) return;
      if (!now && table.scrollWidth > wrapper.clientWidth + 1) {
        needed = table.scrollWidth;
        now = true;
      } else if (now && wrapper.clientWidth >= needed) {
        now = false;
      } else return;
      setCompact(now);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    // The table itself changes width with its rows (a new page, a longer name).
    const watchTable = () => {
      const table = root.querySelector('table');
      if (table) observer.observe(table);
    };
    watchTable();
    const tables = new MutationObserver(watchTable);
    tables.observe(root, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      tables.disconnect();
    };
  }, [box]);
  return compact;
}
