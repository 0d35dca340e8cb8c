// What the user asked of a list screen: the search term and sort (screen state, not in the URL), the
// page and page size (useListPaging: ?page and the stored preference) and the declared filters (in
// the URL beside ?page, docs/resources.md "Filters"). A new search, sort or filter goes back to page 1
// (the rows it showed may no longer be there). In react-admin's terms the filters are { q, ...declared filter values }.
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SortPayload } from 'ra-core';
import type { FilterValues, ResolvedFilter } from '../../contract/resources/filters';
import { filterValuesFrom, filterValuesOfSearch, withSearch } from '../../providers/listQuery';
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

/** Filters navigated to that the address does not show yet. */
interface Pending {
  /** The query strings navigated to, oldest first, not yet seen in the address. */
  targets: readonly string[];
  /** The last filters handed on. */
  filters: FilterValues;
  /** The address they were handed on at (or the last one navigated to that the address showed since). */
  address: string;
}

export function useListState(declared: readonly ResolvedFilter[] = []): ListState {
  const { page, perPage, resetPage, setPage, setPerPage } = useListPaging();
  const { pathname, search: address } = useLocation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [sort, setSortState] = useState<SortPayload>(UNSORTED);
  // Parsed again only when the address changes: the same object otherwise (hooks depend on it).
  const parsed = useMemo(() => filterValuesOfSearch(declared, address), [declared, address]);
  // The router renders a new address in a transition, so a second change (two quick clicks in a
  // multi-select) can come before the first shows in the address. Until the address shows the last
  // filters handed on, those are the filters (the inputs show them and the next change builds on
  // them); an address that is none of the ones navigated to (a link, going back) ends it.
  const [pending, setPending] = useState<Pending | null>(null);
  let current = pending;
  if (pending && pending.address !== address) {
    const at = pending.targets.indexOf(address);
    current =
      at === -1 || at === pending.targets.length - 1
        ? null
        : { ...pending, targets: pending.targets.slice(at + 1), address };
    setPending(current);
  }
  const filters = current?.filters ?? parsed;
  const target = current?.targets.at(-1) ?? address;

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
      if (!same(wanted, filters)) {
        const search = searchForFilters(target, declared, wanted);
        setPending({ targets: [...(current?.targets ?? []), search], filters: wanted, address });
        navigate({ pathname, search }, { replace: true });
      } else resetPage();
    },
    [declared, filters, navigate, pathname, address, target, current, resetPage],
  );
  const filterValues = useMemo(() => withSearch(filters, search), [search, filters]);

  return { search, sort, page, perPage, filters, filterValues, setFilters, setSort, setPage, setPerPage };
}
