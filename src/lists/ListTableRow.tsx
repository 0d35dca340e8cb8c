// A list table's row, its selection checkbox and its cells, lighter than react-admin's DataTableRow,
// SelectRowCheckbox and DataTableCell: a search keystroke renders every row new to the page, and those were
// ~85 components a row (each cell two styled layers deep, each checkbox a ButtonBase with an SvgIcon). Here
// the row and cells are MUI's TableRow and TableCell, and the checkbox a native one drawn by LIST_TABLE_SX,
// styles the table's box carries from its first render (docs/speed.md "Rendering"). The table's head, its
// select-all checkbox, sorting and an expandable row (the audit log's) stay react-admin's.
import { memo, useCallback, type MouseEvent, type ReactNode } from 'react';
import { TableCell, TableRow, type SxProps, type Theme } from '@mui/material';
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

/** MUI's Checkbox icons (24 × 24): blank and checked. */
const BOX = 'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';
const CHECKED =
  'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z';

/** MUI's primary Checkbox, for the rows' checkboxes: on the box around the table, from its first render. */
export const LIST_TABLE_SX = (theme: Theme): SystemStyleObject<Theme> => {
  const primary = theme.palette.primary.main;
  return {
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
        <TableCell padding="checkbox">
          <RowCheckbox record={record} selectable={selectable} />
        </TableCell>
      )}
      {children}
    </TableRow>
  );
});

/** The value at a dotted path of the record (react-admin's `source`). */
const valueAt = (record: RaRecord, source: string): unknown =>
  source.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | null | undefined)?.[key], record);

/** A body cell: MUI's TableCell with the column's content, as react-admin's DataTableCell draws it. */
const ListCell = memo(function ListCell({ source, render, cellSx, align, children }: DataTableColumnProps) {
  const record = useRecordContext();
  if (!record) return null;
  const value = source === undefined ? undefined : valueAt(record, source);
  return (
    <TableCell
      className={`${DataTableClasses.rowCell} column-${source}`}
      align={align}
      sx={cellSx ? cellSx(record) : undefined}
    >
      {children ?? (render ? render(record) : value != null ? String(value) : null)}
    </TableCell>
  );
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
