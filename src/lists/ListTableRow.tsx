// A list table's row, its selection checkbox and its cells, lighter than react-admin's DataTableRow,
// SelectRowCheckbox and DataTableCell: a search keystroke renders every row new to the page, and those were
// ~85 components a row (each cell two styled layers deep, each checkbox a ButtonBase with an SvgIcon). Here
// the row is MUI's TableRow, its cells plain <td>s with MUI's TableCell classes, and the checkbox a native
// one, all drawn by LIST_TABLE_SX, styles the table's box carries from its first render (docs/speed.md
// "Rendering"). The table's head, its select-all checkbox, sorting and an expandable row (the audit log's)
// stay react-admin's.
import { memo, useCallback, type MouseEvent, type ReactNode } from 'react';
import { TableCell, TableRow, tableCellClasses, type SxProps, type Theme } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import {
  useDataTableCallbacksContext,
  useDataTableConfigContext,
  useDataTableRenderContext,
  useDataTableSelectedIdsContext,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'ra-core';
import { DataTable, DataTableClasses, type DataTableColumnProps } from 'react-admin';

const ROW_CHECKBOX = 'olympus-row-checkbox';
/** A body cell drawn by LIST_TABLE_SX as MUI's body TableCell of a medium table (ListScreen's). */
const LIST_CELL = 'olympus-cell';
/** A column's cells do not wrap their text (DataTableColumnProps' `cellClassName`). */
export const NO_WRAP_CELLS = 'olympus-cell-nowrap';
/** The classes MUI's body TableCell has in a medium table (what themes and react-admin's styles may select). */
const BODY_CELL = `${tableCellClasses.root} ${tableCellClasses.body} ${tableCellClasses.sizeMedium} ${LIST_CELL}`;
const CHECKBOX_CELL = `${BODY_CELL} ${tableCellClasses.paddingCheckbox}`;
const ALIGNED = {
  left: tableCellClasses.alignLeft,
  center: tableCellClasses.alignCenter,
  right: tableCellClasses.alignRight,
  justify: tableCellClasses.alignJustify,
  inherit: '',
} as const;

/** MUI's Checkbox icons (24 × 24): blank and checked. */
const BOX = 'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';
const CHECKED =
  'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z';

/**
 * The rows' cells as MUI draws a body TableCell of a medium table (its styles, then the theme's overrides of
 * its root), and MUI's primary Checkbox for the rows' checkboxes: on the box around the table, from its first
 * render.
 */
export const LIST_TABLE_SX = (theme: Theme): SystemStyleObject<Theme> => {
  const primary = theme.palette.primary.main;
  const border =
    theme.palette.mode === 'light'
      ? theme.lighten(theme.alpha(theme.palette.divider, 1), 0.88)
      : theme.darken(theme.alpha(theme.palette.divider, 1), 0.68);
  return {
    [`& td.${LIST_CELL}`]: {
      ...(theme.typography.body2 as SystemStyleObject<Theme>),
      display: 'table-cell',
      verticalAlign: 'inherit',
      borderBottom: `1px solid ${border}`,
      textAlign: 'left',
      padding: '16px',
      color: theme.palette.text.primary,
      [`&.${tableCellClasses.paddingCheckbox}`]: { width: '48px', padding: '0 0 0 4px' },
      [`&.${tableCellClasses.alignCenter}`]: { textAlign: 'center' },
      [`&.${tableCellClasses.alignRight}`]: { textAlign: 'right', flexDirection: 'row-reverse' },
      [`&.${tableCellClasses.alignJustify}`]: { textAlign: 'justify' },
      ...cellOverrides(theme),
    },
    // Also react-admin's own cells (a table with an expandable row keeps them).
    [`& td.${NO_WRAP_CELLS}`]: { whiteSpace: 'nowrap' },
    [`& .${ROW_CHECKBOX}`]: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      boxSizing: 'border-box',
      padding: '9px',
      borderRadius: '50%',
      verticalAlign: 'middle',
      color: theme.palette.text.secondary,
      '&:hover': { backgroundColor: alpha(primary, theme.palette.action.hoverOpacity) },
      '@media (hover: none)': { '&:hover': { backgroundColor: 'transparent' } },
      '&:has(input:checked)': { color: primary },
      '&:has(input:focus-visible)': { backgroundColor: alpha(primary, theme.palette.action.focusOpacity) },
      '&:has(input:disabled)': { color: theme.palette.action.disabled },
      '& > input': {
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        margin: 0,
        padding: 0,
        opacity: 0,
        zIndex: 1,
        cursor: 'pointer',
      },
      '& > svg': { width: '1em', height: '1em', fontSize: theme.typography.pxToRem(24), fill: 'currentColor' },
    },
  };
};

/** The theme's style overrides of MuiTableCell's root, when given as an object (react-admin's default theme's). */
function cellOverrides(theme: Theme): SystemStyleObject<Theme> {
  const root = theme.components?.MuiTableCell?.styleOverrides?.root;
  return root && typeof root === 'object' ? (root as SystemStyleObject<Theme>) : {};
}

const noop = () => {};

/** The row's checkbox: selects the record for bulk changes (shift-click selects a range, as react-admin's). */
const RowCheckbox = memo(function RowCheckbox({ record, selectable }: { record: RaRecord; selectable: boolean }) {
  const { handleToggleItem } = useDataTableCallbacksContext();
  const selected = useDataTableSelectedIdsContext()?.includes(record.id) ?? false;
  const translate = useTranslate();
  const toggle = useCallback(
    (event: MouseEvent) => {
      if (!selectable || !handleToggleItem) return;
      handleToggleItem(record.id, event);
      event.stopPropagation();
    },
    [record.id, handleToggleItem, selectable],
  );
  const checked = selectable && selected;
  return (
    <span className={`${ROW_CHECKBOX} select-item ${DataTableClasses.checkbox}`}>
      <input
        type="checkbox"
        aria-label={translate('ra.action.select_row', { _: 'Select this row' })}
        checked={checked}
        disabled={!selectable}
        onClick={toggle}
        // The click above decides; React asks a checked input for a change handler.
        onChange={noop}
      />
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={checked ? CHECKED : BOX} />
      </svg>
    </span>
  );
});

/** A row of the list table (./ListTableBody.tsx), memoised on its record like react-admin's. */
export const ListTableRow = memo(function ListTableRow({
  record,
  sx,
  children,
}: {
  record: RaRecord;
  sx?: SxProps<Theme>;
  children?: ReactNode;
}) {
  const { hasBulkActions = false, hover = true } = useDataTableConfigContext();
  const { handleToggleItem, isRowSelectable } = useDataTableCallbacksContext();
  const selectable = !isRowSelectable || isRowSelectable(record);
  return (
    <TableRow
      className={selectable ? `${DataTableClasses.row} ${DataTableClasses.selectable}` : DataTableClasses.row}
      hover={hover}
      sx={sx}
    >
      {hasBulkActions && handleToggleItem && (
        <td className={CHECKBOX_CELL}>
          <RowCheckbox record={record} selectable={selectable} />
        </td>
      )}
      {children}
    </TableRow>
  );
});

/** The value at a dotted path of the record (react-admin's `source`). */
const valueAt = (record: RaRecord, source: string): unknown =>
  source.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | null | undefined)?.[key], record);

/**
 * A body cell with the column's content, as react-admin's DataTableCell draws it: a plain <td> drawn by
 * LIST_TABLE_SX, or MUI's TableCell for a column with its own `cellSx`.
 */
const ListCell = memo(function ListCell({
  source,
  render,
  cellSx,
  cellClassName,
  align = 'inherit',
  children,
}: DataTableColumnProps) {
  const record = useRecordContext();
  if (!record) return null;
  const value = source === undefined ? undefined : valueAt(record, source);
  const content = children ?? (render ? render(record) : value != null ? String(value) : null);
  const className = `${DataTableClasses.rowCell} column-${source}${cellClassName ? ` ${cellClassName}` : ''}`;
  if (cellSx)
    return (
      <TableCell className={className} align={align} sx={cellSx(record)}>
        {content}
      </TableCell>
    );
  return <td className={`${BODY_CELL} ${ALIGNED[align]} ${className}`}>{content}</td>;
});

/**
 * A column of the list table: react-admin's DataTable.Col in the head (its label, sorting), a ListCell in the
 * body. A table with an expandable row keeps react-admin's cells (./ListTableBody.tsx keeps its rows).
 */
function TableColumnOf<R extends RaRecord>(props: DataTableColumnProps<R>) {
  const context = useDataTableRenderContext();
  const { expand } = useDataTableConfigContext();
  if (context === 'data' && !expand) return <ListCell {...(props as DataTableColumnProps)} />;
  return <DataTable.Col<R> {...props} />;
}

/** Memoised like DataTable.Col: a row that renders again renders its cells only when their props changed. */
export const TableColumn = memo(TableColumnOf) as typeof TableColumnOf;
