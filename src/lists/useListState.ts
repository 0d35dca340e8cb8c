// What the user asked of a list screen: the search term and sort (screen state, not in the URL), the
// page and page size (useListPaging: ?page and the stored preference) and the declared filters (in
// the URL beside ?page, docs/resources.md "Filters"). A new search, sort or filter goes back to page 1
// (the rows it showed may no longer be there). In react-admin's terms the filters are { q, ...declared filter values }.
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SortPayload } from 'ra-core';
import type { FilterValues, ResolvedFilter } from '../../contract/resources/filters';
import { filterValuesFrom, filterValuesOfSearch } from '../../providers/listQuery';
import { UNSORTED } from './clientList';
import { searchForFilters } from './listUrl';
import { useListPaging } from './useListPaging';

export type ListFilterValues = { q?: string } & FilterValues;

export interface ListState {
  search: string;
  sort: SortPayload;
  /** The page the address asks for (not yet limited to the pages that exist). */
  page: number;
  perPage: number;
  /** The declared filters' values, as the address holds them (blank ones left out). */
  filters: FilterValues;
  filterValues: ListFilterValues;
  setFilters: (filters: ListFilterValues | undefined) => void;
  setSort: (sort: SortPayload) => void;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
}

const same = (a: FilterValues, b: FilterValues) => JSON.stringify(a) === JSON.stringify(b);

export function useListState(declared: readonly ResolvedFilter[] = []): ListState {
  const { page, perPage, resetPage, setPage, setPerPage } = useListPaging();
  const { pathname, search: address } = useLocation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [sort, setSortState] = useState<SortPayload>(UNSORTED);
  // Parsed again only when the address changes: the same object otherwise (hooks depend on it).
  const filters = useMemo(() => filterValuesOfSearch(declared, address), [declared, address]);

  const setSort = useCallback(
    (next: SortPayload) => {
      setSortState(next);
      resetPage();
    },
    [resetPage],
  );
  const setFilters = useCallback(
    (next: ListFilterValues | undefined) => {
      setSearch(typeof next?.q === 'string' ? next.q : '');
      const wanted = filterValuesFrom(declared, (param) => {
        const v = next?.[param];
        return Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : [];
      });
      // One navigation sets the filters and drops ?page; the history keeps no entry per keystroke.
      if (!same(wanted, filters)) navigate({ pathname, search: searchForFilters(address, declared, wanted) }, { replace: true });
      else resetPage();
    },
    [declared, filters, navigate, pathname, address, resetPage],
  );
  const filterValues = useMemo(() => (search ? { ...filters, q: search } : filters), [search, filters]);

  return { search, sort, page, perPage, filters, filterValues, setFilters, setSort, setPage, setPerPage };
}
