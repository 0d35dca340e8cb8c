// One page of a list asked of the API: page, page size, sort and search go to the server
// (`page`, `per_page`, `sort`, `q`, `q_in`), which answers the rows and `meta.total`; a searched page's
// total is capped (`count=capped`), `more` telling there are more rows than it. The previous
// page stays on screen while the next one loads (keepPreviousData), and a superseded request is
// cancelled (dataProvider.supportAbortSignal). Searching sends at most one request at a time: keys
// typed while one is answered wait for it, then the latest text goes. A cancelled request still costs
// the API its query, so fast typing would otherwise queue one per key behind a slow database; a key
// typed alone is sent at once (no debounce delay), its request started by the keystroke itself
// (`searchAhead`), before the list renders the new term. The first page the start-up already fetched
// (src/startup/firstScreen.ts) is the first answer, so the first render shows rows (docs/speed.md).
import { useMemo, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEvent, useGetList, type GetListResult, type RaRecord, type SortPayload } from 'ra-core';
import { earlyListPage, listPath, startListPage, type ListAnswerMeta } from '../../providers/dataProvider';
import { EARLY_ANSWER_TTL_MS } from '../../providers/httpClient';
import { withSearch } from '../../providers/listQuery';
import type { FilterValues } from '../../contract/resources/filters';
import { pageCount } from './pageWindow';

export interface ServerPageQuery {
  /** The page the address asks for. */
  page: number;
  perPage: number;
  sort: SortPayload;
  search: string;
  /** The declared filters' values (docs/resources.md "Filters"), sent at once. */
  filters: FilterValues;
  meta?: Record<string, unknown>;
  /** Off once the whole list is loaded and paged in the browser. */
  enabled: boolean;
}

export interface ServerPage<R extends RaRecord> {
  /** The rows to show; undefined until a first answer. */
  data: R[] | undefined;
  total: number | undefined;
  /** There are more than `total` rows: a capped count stopped (the last page is unknown). */
  more: boolean;
  /** The page asked of the API: the address's page, kept inside the list. */
  page: number;
  /** The total is of the list as it stands now (no search, no filter), not of a previous answer still shown. */
  isWholeTotal: boolean;
  isFetching: boolean;
  refetch: () => void;
  error: Error | null;
  /**
   * Called by the keystroke that makes `term` the search (declared filters unchanged), before the list
   * renders it: starts the request the render would make (page 1), when it would go at once. Stable.
   */
  searchAhead: (term: string) => void;
}

export function useServerPage<R extends RaRecord>(
  resource: string,
  { page: asked, perPage, sort, search, filters, meta, enabled }: ServerPageQuery,
): ServerPage<R> {
  // A page past the end (an old link, a row deleted from the last page) asks for the last page
  // instead, by the last total the API gave; a capped total (`more`) tells no last page.
  const [lastTotal, setLastTotal] = useState<number>();
  const page = lastTotal === undefined ? asked : Math.min(asked, pageCount(lastTotal, perPage));
  // The search term the API is asked for: the typed one, once no request is under way.
  const [sent, setSent] = useState(search);
  const filter = useMemo(() => withSearch(filters, sent), [sent, filters]);
  const params = { pagination: { page, perPage }, sort, filter };
  // The page the start-up fetched already (docs/speed.md) is this list's first answer: the first
  // render shows its rows without a request of its own, and it counts as fresh for a moment.
  const [early] = useState(() => {
    const result = enabled ? earlyListPage(resource, params, meta) : undefined;
    return (
      result && {
        result: result as unknown as GetListResult<R>,
        path: listPath(resource, params, meta),
        at: Date.now(),
      }
    );
  });
  const first = early !== undefined && early.path === listPath(resource, params, meta);
  const result = useGetList<R>(
    resource,
    { ...params, meta },
    {
      enabled,
      placeholderData: keepPreviousData,
      ...(first ? { initialData: early.result, initialDataUpdatedAt: early.at, staleTime: EARLY_ANSWER_TTL_MS } : {}),
    },
  );
  // Adjusting state while rendering (React's pattern for state derived from a changing input).
  if (sent !== search && !result.isFetching) setSent(search);
  const more = (result.meta as ListAnswerMeta | undefined)?.more === true;
  const known = more ? undefined : result.total;
  if (enabled && result.total !== undefined && known !== lastTotal) setLastTotal(known);

  // The render that follows the keystroke finds this request on its way: it saves the time the list takes
  // to render the new term before react-query asks (docs/speed.md "The search box on a big list").
  const searchAhead = useEvent((term: string) => {
    if (!enabled || result.isFetching || term === sent) return;
    startListPage(resource, { pagination: { page: 1, perPage }, sort, filter: withSearch(filters, term) }, meta);
  });

  // A previous answer without rows (the page past the end being replaced) is nothing to show yet.
  const showable =
    result.data !== undefined && !(result.isPlaceholderData && result.data.length === 0 && (result.total ?? 0) > 0);
  return {
    data: showable ? result.data : undefined,
    total: showable ? result.total : undefined,
    more: showable && more,
    page,
    isWholeTotal: !sent && Object.keys(filters).length === 0 && result.isSuccess && !result.isPlaceholderData,
    isFetching: enabled && result.isFetching,
    refetch: result.refetch,
    error: result.error,
    searchAhead,
  };
}
