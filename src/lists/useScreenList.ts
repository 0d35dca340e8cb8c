// The ListContext of a list screen (docs/speed.md). It first asks the API for the page the
// screen shows and renders it at once. When the list turns out small (meta.total ≤ CLIENT_LIST_MAX)
// the whole list is then loaded once in the background (the unfiltered copy lives in the query cache)
// and searched, sorted and paged in the browser; past the threshold every page,
// sort or search change asks the API. Same URL (?page), screens and search fields either way.
// Declared filters (docs/resources.md "Filters") are always the API's: a small list's whole copy is
// the filtered list, loaded again when they change (the previous copy shown meanwhile).
// Not react-admin's useListController (it syncs filter/sort/perPage into the URL) nor
// useList (its page is internal state that cannot follow ?page, and it sorts case-sensitively).
import { useCallback, useMemo, useState } from 'react';
import { keepPreviousData, replaceEqualDeep } from '@tanstack/react-query';
import {
  useDataProvider,
  useGetList,
  useResourceContext,
  type Exporter,
  type Identifier,
  type GetListResult,
  type ListControllerResult,
  type RaRecord,
} from 'ra-core';
import { CLIENT_LIST_MAX } from '../../contract/lists';
import { apiPath, type ListAnswerMeta } from '../../providers/dataProvider';
import { filtersOf, searchFieldsOf, WHOLE_LIST } from '../../providers/listQuery';
import { UNSORTED } from './clientList';
import { useClientPage } from './useClientPage';
import { useListState, type ListFilterValues } from './useListState';
import { useServerPage } from './useServerPage';
import { useIdleAfter } from './useIdleAfter';

export interface ScreenListOptions<R extends RaRecord> {
  /** Passed to dataProvider.getList, e.g. { query: { all: true } } for GET /users?all=true. */
  meta?: Record<string, unknown>;
  exporter?: Exporter<R> | false;
  /** Always paged, searched and counted by the API, whatever the list's size (a list the browser cannot search: the
   * audit log). */
  serverPaged?: boolean;
  /** Rows may be selected for bulk changes (docs/resources.md "Bulk changes"): the selection of the page on screen. */
  selectable?: boolean;
}

const noop = () => {};
const NO_IDS: never[] = [];

/**
 * The rows to show, each record equal to one shown just before kept as that same object (and the whole
 * array, when every row is): a keystroke's page that repeats rows renders none of them again, since
 * the table's rows are memoised on their record (docs/speed.md "Rendering").
 */
function useSameRecords<R extends RaRecord>(rows: R[] | undefined): R[] | undefined {
  const [kept, setKept] = useState<{ from: R[] | undefined; shown: R[] | undefined }>({
    from: rows,
    shown: rows,
  });
  if (kept.from === rows) return kept.shown;
  const before = new Map((kept.shown ?? []).map((r) => [r.id, r]));
  const next = rows?.map((r) => {
    const old = before.get(r.id);
    return old === undefined ? r : replaceEqualDeep(old, r);
  });
  const shown =
    next && kept.shown && next.length === kept.shown.length && next.every((r, i) => r === kept.shown?.[i])
      ? kept.shown
      : next;
  // Adjusting state while rendering (React's pattern for state derived from a changing input).
  setKept({ from: rows, shown });
  return shown;
}

/** `next` has the same values as `current` but for the search term `q` (a keystroke in the search box). */
function onlySearchDiffers(next: ListFilterValues | undefined, current: ListFilterValues): boolean {
  const keys = (values: ListFilterValues | undefined) => Object.keys(values ?? {}).filter((k) => k !== 'q');
  const mine = keys(current);
  return keys(next).length === mine.length && mine.every((k) => next?.[k] === current[k]);
}

/** `ids` itself while `kept` has the same ids in the same order: a new page keeps the selection's identity. */
const sameIds = (kept: Identifier[], ids: Identifier[]) =>
  kept.length === ids.length && kept.every((id, i) => id === ids[i]) ? kept : ids;

export function useScreenList<R extends RaRecord = RaRecord>({
  meta,
  exporter = false,
  serverPaged = false,
  selectable = false,
}: ScreenListOptions<R>): ListControllerResult<R> {
  const resource = useResourceContext();
  if (!resource) throw new Error('useScreenList must be used inside a resource (ResourceContext)');
  const dataProvider = useDataProvider();
  const searchIn = searchFieldsOf(apiPath(resource));
  const {
    search,
    sort,
    page: askedPage,
    perPage,
    filters,
    filterValues,
    setFilters,
    setSort,
    setPage,
    setPerPage,
  } = useListState(filtersOf(apiPath(resource)));
  const filtered = Object.keys(filters).length > 0;

  // The unsearched, unfiltered size of each list (by meta: the company's users and all users differ),
  // as the API or an already loaded copy told it. It decides whether the whole list is loaded: a
  // filtered list is no longer than it.
  const [sizes, setSizes] = useState<Readonly<Record<string, number>>>({});
  const sizeKey = JSON.stringify(meta ?? null);
  const size = sizes[sizeKey];
  const learnSize = (total: number) => {
    if (sizes[sizeKey] !== total) setSizes({ ...sizes, [sizeKey]: total });
  };

  const small = !serverPaged && size !== undefined && size <= CLIENT_LIST_MAX;
  // The whole list waits until the first page is on screen and the browser is idle: it must not
  // compete with the first rows for the network and the main thread (docs/speed.md).
  const idle = useIdleAfter(small);
  // The previous copy stands in only for the same list with other filters (not another `meta`'s list).
  const otherFilters = (
    previous: GetListResult<R> | undefined,
    query: { queryKey: readonly unknown[] } | undefined,
  ) => {
    const params = query?.queryKey[2] as { meta?: unknown } | undefined;
    return params && JSON.stringify(params.meta ?? null) === sizeKey ? keepPreviousData(previous) : undefined;
  };
  const whole = useGetList<R>(
    resource,
    { pagination: WHOLE_LIST, sort: UNSORTED, filter: filters, meta },
    { enabled: small && idle, placeholderData: otherFilters },
  );
  // A copy kept from an earlier visit counts as small: show it and refresh it (as react-query does).
  if (size === undefined && whole.data && !filtered && !whole.isPlaceholderData) learnSize(whole.data.length);
  const inBrowser = small && whole.data !== undefined;

  const server = useServerPage<R>(resource, {
    page: askedPage,
    perPage,
    sort,
    search,
    filters,
    meta,
    enabled: !inBrowser,
  });
  if (!inBrowser && server.isWholeTotal && server.total !== undefined) learnSize(server.total);
  // A keystroke in the search box (the same filters, another `q`) starts its page's request itself.
  const { searchAhead } = server;
  const setFiltersAndSearch = useCallback(
    (next: ListFilterValues | undefined) => {
      if (!inBrowser && onlySearchDiffers(next, filterValues)) searchAhead(typeof next?.q === 'string' ? next.q : '');
      setFilters(next);
    },
    [inBrowser, filterValues, searchAhead, setFilters],
  );
  const client = useClientPage(inBrowser ? whole.data : undefined, {
    search,
    searchIn,
    sort,
    page: askedPage,
    perPage,
  });

  const data = useSameRecords(inBrowser ? client.data : server.data);
  const total = inBrowser ? client.total : server.total;
  const page = inBrowser ? client.page : server.page;
  // A searched page of the API may have a capped total: more rows than `total` (ListPagination).
  const more = !inBrowser && server.more;
  const found = client.found;

  // Export: every match, searched and sorted — from the loaded list, or asked of the API unpaged.
  const getData = useCallback(
    async ({ maxResults }: { maxResults?: number } = {}) => {
      const rows =
        found ??
        (await dataProvider.getList<R>(resource, { pagination: WHOLE_LIST, sort, filter: filterValues, meta })).data;
      return rows.slice(0, maxResults ?? rows.length);
    },
    [found, dataProvider, resource, sort, filterValues, meta],
  );
  const refetch = inBrowser ? whole.refetch : server.refetch;
  // Only a change of the rows on screen counts as fetching (the progress bar), not the background load;
  // the whole copy of other filters, shown until the new one is in, is such a change.
  // The selected rows (bulk changes): kept while the list is on screen, only ids still on the page count.
  const [selected, setSelected] = useState<Identifier[]>(NO_IDS);
  const onSelect = useCallback((ids: Identifier[]) => setSelected(ids), []);
  const onToggleItem = useCallback(
    (id: Identifier) => setSelected((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id])),
    [],
  );
  const onUnselectItems = useCallback(() => setSelected(NO_IDS), []);
  const onSelectAll = useCallback(() => setSelected((data ?? []).map((r) => r.id)), [data]);
  const onPage = useMemo(() => new Set((data ?? []).map((r) => r.id)), [data]);
  // The same array while the same ids are selected on the page (no selection: always NO_IDS), so every
  // row's checkbox (react-admin's selected-ids context) is not rendered again by each new page.
  const selectedIds = useMemo(
    () =>
      selectable
        ? sameIds(
            selected,
            selected.filter((id) => onPage.has(id)),
          )
        : NO_IDS,
    [selectable, selected, onPage],
  );
  const isFetching = inBrowser ? whole.isPlaceholderData && whole.isFetching : server.isFetching;
  const error = inBrowser ? whole.error : server.error;

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
      setFilters: setFiltersAndSearch,
      displayedFilters: {},
      showFilter: noop,
      hideFilter: noop,
      // Row selection only where bulk changes are offered.
      selectedIds,
      onSelect: selectable ? onSelect : noop,
      onSelectAll: selectable ? onSelectAll : noop,
      onToggleItem: selectable ? onToggleItem : noop,
      onUnselectItems: selectable ? onUnselectItems : noop,
      exporter,
      getData,
      hasPreviousPage: page > 1,
      hasNextPage: total !== undefined && (more || page * perPage < total),
      isFetching,
      isLoading: data === undefined && isFetching,
      refetch,
      defaultTitle: '',
    };
    if (!data || total === undefined) {
      return { ...base, data: undefined, total: undefined, meta: undefined, error: null, isPending: true } as const;
    }
    // A failed load reads as an empty list (the dataProvider logs it); only 401 errors, and signs out.
    const answerMeta: ListAnswerMeta | undefined = more ? { more } : undefined;
    return {
      ...base,
      data,
      total,
      meta: answerMeta,
      error: error ?? null,
      isPending: false,
    } as ListControllerResult<R>;
  }, [
    resource,
    sort,
    setSort,
    page,
    perPage,
    setPage,
    setPerPage,
    filterValues,
    setFiltersAndSearch,
    exporter,
    getData,
    total,
    more,
    isFetching,
    refetch,
    data,
    error,
    selectable,
    selectedIds,
    onSelect,
    onSelectAll,
    onToggleItem,
    onUnselectItems,
  ]);
}
