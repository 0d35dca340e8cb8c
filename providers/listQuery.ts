// The query string of a list call (contract/lists.ts): react-admin's getList parameters
// as the API's `page`, `per_page`, `sort`, `q` and `q_in`, and the declared filters' parameters
// (docs/resources.md "Filters"), which the list screen keeps in its address as the API names them. A list asked for
// whole (WHOLE_LIST) gets
// no paging parameters; unsorted and unsearched it is the plain GET /{resource}. A searched
// page asks for a capped count (`count=capped`): an exact count of a common term reads the whole list.
import type { GetListParams, SortPayload } from 'ra-core';
import {
  COUNT_CAPPED,
  COUNT_PARAM,
  LIST_FILTERS,
  LIST_SEARCH_FIELDS,
  SEARCH_IN_PARAM,
  type ListResource,
} from '../contract/lists';
import { REF_NONE, type FilterValues, type ResolvedFilter } from '../contract/resources/filters';
import { MONEY_PATTERN } from '../contract/resources/kinds';

/** A query parameter's value; several values (a choice filter's) repeat the parameter. */
export type QueryValues = Record<string, string | number | boolean | readonly string[]>;

/** The list screens' page sizes; the first is the default. */
export const PAGE_SIZES = [10, 20, 30, 40] as const;

/** The stored preference (uiStore.resultsPerPage) as a page size; anything unexpected reads as the default. */
export function pageSizeFrom(stored: string): number {
  const n = Number(stored);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : PAGE_SIZES[0];
}

/** The page asked for by the address's `page` parameter — a positive whole number, else 1. */
export function pageFromSearch(search: string): number {
  const raw = new URLSearchParams(search).get('page');
  const page = raw && /^\d+$/.test(raw) ? Number(raw) : 1;
  return page >= 1 ? page : 1;
}

/** A list's sort until a column header is clicked: the server's order. */
export const UNSORTED: SortPayload = { field: '', order: 'ASC' };

/** The declared filters' values with the search term as `q` (none for an empty term): a list's getList filter. */
export const withSearch = (filters: FilterValues, term: string): { q?: string } & FilterValues =>
  term ? { ...filters, q: term } : filters;

/** getList pagination that keeps every row: the list screens load once and page in the browser. */
export const WHOLE_LIST = { page: 1, perPage: Number.MAX_SAFE_INTEGER } as const;

export const isWholeList = (pagination: GetListParams['pagination'] | undefined): boolean =>
  !pagination || pagination.perPage >= WHOLE_LIST.perPage;

const NO_FIELDS: readonly string[] = [];

/** The fields a list's search box matches, by API path (LIST_SEARCH_FIELDS); none for other lists. */
export function searchFieldsOf(apiResource: string): readonly string[] {
  return Object.hasOwn(LIST_SEARCH_FIELDS, apiResource) ? LIST_SEARCH_FIELDS[apiResource as ListResource] : NO_FIELDS;
}

const NO_FILTERS: readonly ResolvedFilter[] = [];

/** The declared filters of a list, by API path (LIST_FILTERS); none for other lists. */
export function filtersOf(apiResource: string): readonly ResolvedFilter[] {
  return Object.hasOwn(LIST_FILTERS, apiResource) ? LIST_FILTERS[apiResource] : NO_FILTERS;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const MONEY = new RegExp(MONEY_PATTERN);

/**
 * The filter values of an address's query string (or a getList filter), each checked for its kind so
 * the API is never asked junk an old or edited link holds: a choice's values among its options, a
 * checkbox's `true`/`false`, numbers, amounts with at most 2 places, Y-m-d dates. Blank and unknown ones are left out.
 */
export function filterValuesFrom(
  filters: readonly ResolvedFilter[],
  read: (param: string) => readonly string[],
): FilterValues {
  const out: Record<string, string | readonly string[]> = {};
  const one = (param: string, ok: (v: string) => boolean) => {
    const v = read(param)[0]?.trim();
    if (v && ok(v)) out[param] = v;
  };
  for (const f of filters) {
    switch (f.kind) {
      case 'choice': {
        const chosen = [...new Set(read(f.param))].filter((v) => f.options.includes(v));
        if (chosen.length > 0) out[f.param] = chosen;
        break;
      }
      case 'checkbox':
        one(f.param, (v) => v === 'true' || v === 'false');
        break;
      case 'ref':
        // `none` (REF_NONE) only for an optional reference: a required one has no records without it.
        one(f.param, (v) => v.length <= 64 && (f.optional || v !== REF_NONE));
        break;
      case 'text':
        one(f.param, (v) => v.length <= 200);
        break;
      case 'number':
      case 'date':
        for (const param of [f.lower, f.upper]) one(param, (v) => (f.kind === 'date' ? DATE : NUMBER).test(v));
        break;
      case 'money':
        for (const param of [f.lower, f.upper]) one(param, (v) => MONEY.test(v));
        break;
    }
  }
  return out;
}

/** The filter values of an address's query string (`?unit_type=Flat&unit_type=Studio&page=2`). */
export const filterValuesOfSearch = (filters: readonly ResolvedFilter[], search: string): FilterValues => {
  const params = new URLSearchParams(search);
  return filterValuesFrom(filters, (param) => params.getAll(param));
};

/** The search term of a getList filter: the list screens' only filter is react-admin's `q`. */
function searchTerm(filter: GetListParams['filter'] | undefined): string {
  const q: unknown = filter?.q;
  return typeof q === 'string' ? q.trim() : '';
}

/**
 * The API query of a getList call on `apiResource`. `extra` comes first (e.g. { all: true } for
 * GET /users?all=true). Sort keys are the column's source; descending is `field:desc`.
 */
export function listQuery(
  apiResource: string,
  params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>,
  extra: QueryValues = {},
): QueryValues {
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
  // The declared filters among the getList filter's keys; other keys are not the API's.
  const filter = params.filter as Record<string, unknown> | undefined;
  const given = filterValuesFrom(filtersOf(apiResource), (param) => {
    const v = filter?.[param];
    return Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : [];
  });
  Object.assign(query, given);
  return query;
}
