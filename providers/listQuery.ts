// The query string of a list call (DESIGN §6, contract/lists.ts): react-admin's getList parameters
// as the API's `page`, `per_page`, `sort`, `q` and `q_in`. A list asked for whole (WHOLE_LIST) gets
// no paging parameters; unsorted and unsearched it is the plain GET /{resource} of SPEC §7. A searched
// page asks for a capped count (`count=capped`): an exact count of a common term reads the whole list.
import type { GetListParams, SortPayload } from 'ra-core';
import { COUNT_CAPPED, COUNT_PARAM, LIST_SEARCH_FIELDS, SEARCH_IN_PARAM, type ListResource } from '../contract/lists';

export type QueryValues = Record<string, string | number | boolean>;

/** SPEC §2/§9 page sizes; the first is the default. */
export const PAGE_SIZES = [10, 20, 30, 40] as const;

/** The stored preference (uiStore.resultsPerPage) as a page size; anything unexpected reads as the default. */
export function pageSizeFrom(stored: string): number {
  const n = Number(stored);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : PAGE_SIZES[0];
}

/** SPEC §2: the page asked for by the address's `page` parameter — a positive whole number, else 1. */
export function pageFromSearch(search: string): number {
  const raw = new URLSearchParams(search).get('page');
  const page = raw && /^\d+$/.test(raw) ? Number(raw) : 1;
  return page >= 1 ? page : 1;
}

/** A list's sort until a column header is clicked: the server's order. */
export const UNSORTED: SortPayload = { field: '', order: 'ASC' };

/** getList pagination that keeps every row: the list screens load once and page in the browser (SPEC §4). */
export const WHOLE_LIST = { page: 1, perPage: Number.MAX_SAFE_INTEGER } as const;

export const isWholeList = (pagination: GetListParams['pagination'] | undefined): boolean => !pagination || pagination.perPage >= WHOLE_LIST.perPage;

const NO_FIELDS: readonly string[] = [];

/** The fields a list's search box matches, by API path (LIST_SEARCH_FIELDS); none for other lists. */
export function searchFieldsOf(apiResource: string): readonly string[] {
  return Object.hasOwn(LIST_SEARCH_FIELDS, apiResource) ? LIST_SEARCH_FIELDS[apiResource as ListResource] : NO_FIELDS;
}

/** The search term of a getList filter: the list screens' only filter is react-admin's `q`. */
function searchTerm(filter: GetListParams['filter'] | undefined): string {
  const q: unknown = filter?.q;
  return typeof q === 'string' ? q.trim() : '';
}

/**
 * The API query of a getList call on `apiResource`. `extra` comes first (e.g. { all: true } for
 * GET /users?all=true). Sort keys are the column's source; descending is `field:desc`.
 */
export function listQuery(apiResource: string, params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>, extra: QueryValues = {}): QueryValues {
  const query: QueryValues = { ...extra };
  const { pagination } = params;
  const paged = pagination !== undefined && !isWholeList(pagination);
  if (paged) {
    query.page = pagination.page;
    query.per_page = pagination.perPage;
  }
  if (params.sort?.field) query.sort = `${params.sort.field}:${params.sort.order === 'DESC' ? 'desc' : 'asc'}`;
  const q = searchTerm(params.filter);
  const fields = searchFieldsOf(apiResource);
  if (q) {
    query.q = q;
    if (fields.length > 0) query[SEARCH_IN_PARAM] = fields.join(',');
    if (paged) query[COUNT_PARAM] = COUNT_CAPPED;
  }
  return query;
}
