// The ListContext of a list screen (SPEC §4): the resource's rows loaded once with useGetList (the
// unfiltered copy lives in the query cache), then searched, sorted and paged in the browser.
// Not react-admin's useListController (it syncs filter/sort/perPage into the URL, DESIGN §8) nor
// useList (its page is internal state that cannot follow ?page, and it sorts case-sensitively).
import { useCallback, useMemo, useState } from 'react';
import { useGetList, useResourceContext, type Exporter, type ListControllerResult, type RaRecord, type SortPayload } from 'ra-core';
import { WHOLE_LIST } from '../../providers/dataProvider';
import { searchAndSort, UNSORTED, type SearchIn } from './clientList';
import { pageCount } from './pageWindow';
import { useListPaging } from './useListPaging';

export interface ClientListOptions<R extends RaRecord> {
  searchIn: SearchIn<R>;
  /** Passed to dataProvider.getList, e.g. { query: { all: true } } for GET /users?all=true. */
  meta?: Record<string, unknown>;
  exporter?: Exporter<R> | false;
}

const noop = () => {};
const NO_IDS: never[] = [];

export function useClientList<R extends RaRecord = RaRecord>({ searchIn, meta, exporter = false }: ClientListOptions<R>): ListControllerResult<R> {
  const resource = useResourceContext();
  if (!resource) throw new Error('useClientList must be used inside a resource (ResourceContext)');
  const { data: rows, isPending, isFetching, isLoading, error, refetch } = useGetList<R>(resource, { pagination: WHOLE_LIST, sort: UNSORTED, meta });
  const paging = useListPaging();
  const { perPage, resetPage, setPage, setPerPage } = paging;
  const [search, setSearch] = useState('');
  const [sort, setSortState] = useState<SortPayload>(UNSORTED);

  const found = useMemo(() => (rows ? searchAndSort(rows, { search, searchIn, sort }) : undefined), [rows, search, searchIn, sort]);
  const total = found?.length;
  // A page past the end (an old link, a narrower search) shows the last page.
  const page = total === undefined ? paging.page : Math.min(paging.page, pageCount(total, perPage));
  const data = useMemo(() => found?.slice((page - 1) * perPage, page * perPage), [found, page, perPage]);

  const setSort = useCallback(
    (next: SortPayload) => {
      setSortState(next);
      resetPage();
    },
    [resetPage],
  );
  // The search box is the list's only filter: { q } in react-admin's terms.
  const setFilters = useCallback(
    (filters: { q?: string } | undefined) => {
      setSearch(filters?.q ?? '');
      resetPage();
    },
    [resetPage],
  );
  const filterValues = useMemo(() => (search ? { q: search } : {}), [search]);
  const getData = useCallback(async ({ maxResults }: { maxResults?: number } = {}) => (found ?? []).slice(0, maxResults ?? found?.length), [found]);

  return useMemo(() => {
    const base = {
      resource,
      sort,
      setSort,
      page,
      perPage,
      setPage,
      setPerPage,
      filterValues,
      setFilters,
      displayedFilters: {},
      showFilter: noop,
      hideFilter: noop,
      // No row selection (no bulk actions on these screens).
      selectedIds: NO_IDS,
      onSelect: noop,
      onSelectAll: noop,
      onToggleItem: noop,
      onUnselectItems: noop,
      exporter,
      getData,
      hasPreviousPage: page > 1,
      hasNextPage: total !== undefined && page * perPage < total,
      isFetching,
      isLoading,
      refetch,
      defaultTitle: '',
    };
    if (isPending || !data || total === undefined) {
      return { ...base, data: undefined, total: undefined, meta: undefined, error: null, isPending: true } as const;
    }
    // A failed load reads as an empty list (the dataProvider logs it, SPEC §8); only 401 errors, and signs out.
    return { ...base, data, total, error: (error as Error | null) ?? null, isPending: false } as ListControllerResult<R>;
  }, [resource, sort, setSort, page, perPage, setPage, setPerPage, filterValues, setFilters, exporter, getData, total, isFetching, isLoading, refetch, isPending, data, error]);
}
