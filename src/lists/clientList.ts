// SPEC §4: a list is loaded once and kept unfiltered; search, sort and paging happen in the browser.
// Pure functions over the loaded rows, so each rule is tested without rendering.
import type { RaRecord, SortPayload } from 'ra-core';
import { compareBy } from '../../providers/dataProvider';

type Searchable = string | number | null | undefined;

/** The values of a record the search box looks in (e.g. name and email for users). */
export type SearchIn<R extends RaRecord = RaRecord> = (record: R) => Searchable[];

/** Case-insensitive substring match of the term in any of the values; an empty term matches all. */
export function matchesSearch(values: Searchable[], term: string): boolean {
  const needle = term.trim().toLocaleLowerCase();
  if (!needle) return true;
  return values.some((v) => v !== null && v !== undefined && String(v).toLocaleLowerCase().includes(needle));
}

export interface ClientListQuery<R extends RaRecord> {
  search: string;
  searchIn: SearchIn<R>;
  sort: SortPayload;
}

/** The searched and sorted rows (what an export holds). */
export function searchAndSort<R extends RaRecord>(rows: readonly R[], { search, searchIn, sort }: ClientListQuery<R>): R[] {
  const found = rows.filter((r) => matchesSearch(searchIn(r), search));
  // compareBy: text case-insensitively ("adam" before "Bea"), numbers numerically, empty values last.
  return sort.field ? found.sort(compareBy(sort.field, sort.order === 'DESC' ? 'DESC' : 'ASC')) : found;
}

/** Rows keep the server's order until a column header is clicked. */
export const UNSORTED: SortPayload = { field: '', order: 'ASC' };
