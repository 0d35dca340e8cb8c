// A small list is loaded once and kept unfiltered; search, sort and paging happen in the browser.
// Pure functions over the loaded rows, so each rule is tested without rendering. The search matches
// the same record fields (contract/lists.ts LIST_SEARCH_FIELDS) as the API's `q`/`q_in` does past the threshold.
import type { RaRecord, SortPayload } from 'ra-core';
import { compareBy } from '../../providers/dataProvider';

type Searchable = string | number | null | undefined;

/** The record fields the search box looks in (e.g. name and email for users). */
export type SearchIn = readonly string[];

/** Case-insensitive substring match of the term in any of the values; an empty term matches all. */
export function matchesSearch(values: Searchable[], term: string): boolean {
  const needle = term.trim().toLocaleLowerCase();
  if (!needle) return true;
  return values.some((v) => v !== null && v !== undefined && String(v).toLocaleLowerCase().includes(needle));
}

export interface ClientListQuery {
  search: string;
  searchIn: SearchIn;
  sort: SortPayload;
}

const valuesOf = (record: RaRecord, fields: SearchIn): Searchable[] =>
  fields.map((f) => {
    const field: unknown = record[f];
    // A reference ({ uuid, name }, a declared resource's `ref`) matches by its name, as the API's q does.
    const v = field && typeof field === 'object' && 'name' in field ? field.name : field;
    return typeof v === 'string' || typeof v === 'number' ? v : null;
  });

/** The searched and sorted rows (what an export holds). */
export function searchAndSort<R extends RaRecord>(
  rows: readonly R[],
  { search, searchIn, sort }: ClientListQuery,
): R[] {
  const found = rows.filter((r) => matchesSearch(valuesOf(r, searchIn), search));
  // compareBy: text case-insensitively ("adam" before "Bea"), numbers numerically, empty values last.
  return sort.field ? found.sort(compareBy(sort.field, sort.order === 'DESC' ? 'DESC' : 'ASC')) : found;
}

/** Rows keep the server's order until a column header is clicked (shared with the start-up's first request). */
export { UNSORTED } from '../../providers/listQuery';
