// "Export", an addition of ours: the searched and sorted list as CSV, the react-admin way — an exporter
// in the ListContext, run by <ExportButton>, written with react-admin's jsonexport-based defaultExporter.
import { useMemo } from 'react';
import { defaultExporter, useTranslate, type Exporter, type RaRecord } from 'ra-core';

export type Cell = string | number | boolean | null | undefined;

export interface CsvColumn<R extends RaRecord> {
  /** i18n key of the column heading (the same text as the table's). */
  label: string;
  value: (record: R) => Cell | readonly Cell[];
}

// A cell a spreadsheet would run as a formula (OWASP CSV injection) is kept as text with a leading quote.
const FORMULA = /^[=+\-@\t\r]/;
export const csvCell = (text: string): string =>
  FORMULA.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;

/** Rows of heading → text; lists (systems, roles) are joined with "; ". */
export function csvRows<R extends RaRecord>(
  records: readonly R[],
  columns: readonly CsvColumn<R>[],
  heading: (key: string) => string,
): Record<string, string>[] {
  const headings = columns.map((c) => heading(c.label));
  return records.map((r) =>
    Object.fromEntries(
      columns.map((c, i) => {
        const v = c.value(r);
        const cells: readonly Cell[] = Array.isArray(v) ? v : [v as Cell];
        return [headings[i], csvCell(cells.filter((x) => x !== null && x !== undefined && x !== '').join('; '))];
      }),
    ),
  );
}

/** An exporter downloading `{filename}.csv` with the given columns. */
export function useCsvExporter<R extends RaRecord>(columns: readonly CsvColumn<R>[], filename: string): Exporter<R> {
  const translate = useTranslate();
  return useMemo<Exporter<R>>(
    () => (records, fetchRelated, dataProvider) =>
      defaultExporter(
        csvRows(records, columns, (key) => translate(key)),
        fetchRelated,
        dataProvider,
        filename,
      ),
    [columns, filename, translate],
  );
}
