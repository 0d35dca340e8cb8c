// What the user asked of a list screen: the search term and sort (screen state, not in the URL) and
// the page and page size (useListPaging: ?page and the stored preference). A new search or sort goes
// back to page 1 (SPEC §2); the search box is the list's only filter, { q } in react-admin's terms.
import { useCallback, useMemo, useState } from 'react';
import type { SortPayload } from 'ra-core';
import { UNSORTED } from './clientList';
import { useListPaging } from './useListPaging';

export interface ListState {
  search: string;
  sort: SortPayload;
  /** The page the address asks for (not yet limited to the pages that exist). */
  page: number;
  perPage: number;
  filterValues: { q?: string };
  setFilters: (filters: { q?: string } | undefined) => void;
  setSort: (sort: SortPayload) => void;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
}

export function useListState(): ListState {
  const { page, perPage, resetPage, setPage, setPerPage } = useListPaging();
  const [search, setSearch] = useState('');
  const [sort, setSortState] = useState<SortPayload>(UNSORTED);

  const setSort = useCallback(
    (next: SortPayload) => {
      setSortState(next);
      resetPage();
    },
    [resetPage],
  );
  const setFilters = useCallback(
    (filters: { q?: string } | undefined) => {
      setSearch(filters?.q ?? '');
      resetPage();
    },
    [resetPage],
  );
  const filterValues = useMemo(() => (search ? { q: search } : {}), [search]);

  return { search, sort, page, perPage, filterValues, setFilters, setSort, setPage, setPerPage };
}
