// The query string of a list call (DESIGN §6, contract/lists.ts): react-admin's getList parameters
// as the API's `page`, `per_page`, `sort`, `q` and `q_in`. A list asked for whole (WHOLE_LIST) gets
// no paging parameters; unsorted and unsearched it is the plain GET /{resource} of SPEC §7.
import type { GetListParams } from 'ra-core';
import { LIST_SEARCH_FIELDS, SEARCH_IN_PARAM, type ListResource } from '../contract/lists';

export type QueryValues = Record<string, string | number | boolean>;

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
  if (pagination && !isWholeList(pagination)) {
    query.page = pagination.page;
    query.per_page = pagination.perPage;
  }
  if (params.sort?.field) query.sort = `${params.sort.field}:${params.sort.order === 'DESC' ? 'desc' : 'asc'}`;
  const q = searchTerm(params.filter);
  const fields = searchFieldsOf(apiResource);
  if (q) {
    query.q = q;
    if (fields.length > 0) query[SEARCH_IN_PARAM] = fields.join(',');
  }
  return query;
}
