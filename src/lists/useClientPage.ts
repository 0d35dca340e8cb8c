// A list in the browser: the whole list, searched, sorted and paged client-side.
import { useMemo } from 'react';
import type { RaRecord, SortPayload } from 'ra-core';
import { searchAndSort, type SearchIn } from './clientList';
import { pageCount } from './pageWindow';

export interface ClientPageQuery {
  search: string;
  searchIn: SearchIn;
  sort: SortPayload;
  /** The page the address asks for. */
  page: number;
  perPage: number;
}

export interface ClientPage<R extends RaRecord> {
  /** Every match, searched and sorted (what an export holds). */
  found: R[] | undefined;
  data: R[] | undefined;
  total: number | undefined;
  page: number;
}

export function useClientPage<R extends RaRecord>(
  rows: R[] | undefined,
  { search, searchIn, sort, page: asked, perPage }: ClientPageQuery,
): ClientPage<R> {
  const found = useMemo(
    () => (rows ? searchAndSort(rows, { search, searchIn, sort }) : undefined),
    [rows, search, searchIn, sort],
  );
  const total = found?.length;
  // A page past the end (an old link, a narrower search) shows the last page.
  const page = total === undefined ? asked : Math.min(asked, pageCount(total, perPage));
  const data = useMemo(() => found?.slice((page - 1) * perPage, page * perPage), [found, page, perPage]);
  return { found, data, total, page };
}
