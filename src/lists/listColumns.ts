// A list screen's columns as plain data, declared once per list: ListScreen draws from them the
// DataTable on wider screens, one card per record on phones (ListCards) and the CSV of "Export".
// No per-resource code here: a declared (generated) list feeds the same shape.
import type { ReactNode } from 'react';
import type { RaRecord } from 'ra-core';
import type { Cell as CellValue, CsvColumn } from './csvExport';

export type { CellValue };

export interface ListColumn<R extends RaRecord> {
  /** i18n key of the heading: the table's, the card line's label and the CSV's. */
  label: string;
  /** The record's field: the cell shows it when there is no `value`, and the column sorts by it. */
  source?: Extract<keyof R, string>;
  /** The plain value (several for a list: systems, roles): the cell's text and the CSV's. */
  value?: (record: R) => CellValue | readonly CellValue[];
  /** A richer cell (e.g. pills) on the table and the card; the CSV keeps `value`. */
  render?: (record: R) => ReactNode;
  /** Offered for sorting; by default when the column has a `source`. */
  sortable?: boolean;
  /** A number, right-aligned and formatted (numberText). */
  numeric?: boolean;
  /** Keeps the cell on one line on the table (e.g. a name). */
  noWrap?: boolean;
  /** On a phone's card: the card's title, a label/value line (the default), or left out. */
  card?: 'title' | 'line' | 'hidden';
  /** On a card, keep the line when the value is empty: its `render` says what empty means (e.g. "Never"). */
  keepEmpty?: boolean;
  /** Only in the CSV (e.g. the audit log's changes, shown on screen in each row's expansion). */
  csvOnly?: boolean;
}

/** The row's buttons (edit, remove, …): a last table column, and the foot of each card. */
export interface ListRowActions {
  /** i18n key of the column heading. */
  label: string;
  align?: 'left' | 'right';
  /** Rendered inside the row's record context (useRecordContext). */
  element: ReactNode;
}

/** The column's plain value: `value`, else the `source` field. */
export function columnValue<R extends RaRecord>(column: ListColumn<R>, record: R): CellValue | readonly CellValue[] {
  if (column.value) return column.value(record);
  if (!column.source) return undefined;
  const v: unknown = record[column.source];
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : undefined;
}

let numberFormat: Intl.NumberFormat | undefined;

/**
 * A number as the lists show it, grouped in the browser's locale (1,234) like react-admin's NumberField.
 * A whole number below 1 000 has no group to separate: String() writes the same text without starting
 * the browser's number formatting, which costs ~20 ms on the first call of a page (docs/speed.md).
 */
export function numberText(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1000) return String(n);
  return (numberFormat ??= new Intl.NumberFormat()).format(n);
}

/** The value as one text: a list is joined with ", ", nothing reads as ''; a numeric column's numbers by numberText. */
export function columnText<R extends RaRecord>(column: ListColumn<R>, record: R): string {
  const v = columnValue(column, record);
  const cells: readonly CellValue[] = Array.isArray(v) ? v : [v as CellValue];
  return cells
    .filter((x) => x !== null && x !== undefined && x !== '')
    .map((x) => (column.numeric && typeof x === 'number' ? numberText(x) : x))
    .join(', ');
}

/** The columns holding data (all of them) as the CSV's columns, in the table's order. */
export function csvColumnsOf<R extends RaRecord>(columns: readonly ListColumn<R>[]): CsvColumn<R>[] {
  return columns.map((c) => ({ label: c.label, value: (r: R) => columnValue(c, r) }));
}

/** The card's title column: the one marked so, else the first shown on the card. */
/** The columns drawn on screen (the table's and the cards'): all but the CSV's own. */
export const shownColumns = <R extends RaRecord>(columns: readonly ListColumn<R>[]): readonly ListColumn<R>[] =>
  columns.some((c) => c.csvOnly) ? columns.filter((c) => !c.csvOnly) : columns;

export function cardTitleOf<R extends RaRecord>(columns: readonly ListColumn<R>[]): ListColumn<R> | undefined {
  return columns.find((c) => c.card === 'title') ?? columns.find((c) => c.card !== 'hidden');
}
