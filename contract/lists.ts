// List screens at scale: small lists load once and are searched, sorted and paged
// in the browser; past CLIENT_LIST_MAX rows the SPA asks the API for each page instead
// (`page`, `per_page`, `sort`, `q`, `q_in`, `count` → `{ data, meta: { total, more? } }`), keeping the same URL and
// screens.
// Both sides read this file: the SPA to search the same fields either way, the API to accept them.
import { DECLARED_RESOURCES, searchBoxOf } from './resources';
import { filtersOf, type ResolvedFilter } from './resources/filters';
import { AUDIT_FILTERS, AUDIT_PATH } from './audit';

/** Past this many rows a list stays server-paged (the browser never holds the whole list). */
export const CLIENT_LIST_MAX = 2000;

/**
 * The most rows a list answers without `page`/`per_page` (documented in README, "API limits"); past
 * it the API refuses with 422 and asks for pages, so one request never shapes an unbounded list.
 */
export const UNPAGED_LIST_MAX = 10_000;

/** The list query parameter naming the fields `q` searches (comma-separated); all searchable fields when absent. */
export const SEARCH_IN_PARAM = 'q_in';

/**
 * The list query parameter choosing how a page's `meta.total` is counted: COUNT_EXACT (the default,
 * which API clients rely on) or COUNT_CAPPED. The SPA asks for a capped count on searched pages: an
 * exact count of a common term reads every row of a big list on each keystroke.
 */
export const COUNT_PARAM = 'count';
export const COUNT_EXACT = 'exact';
export const COUNT_CAPPED = 'capped';
export type CountMode = typeof COUNT_EXACT | typeof COUNT_CAPPED;

/**
 * With `count=capped`, matching rows are counted only up to this many past the page's end; when there
 * are more, the answer is `meta: { total: offset + per_page + COUNT_CAP, …, more: true }`.
 */
export const COUNT_CAP = 1000;

/**
 * The fields each list screen's search box matches (case-insensitive substring), by API resource:
 * a declared resource's `list.searchBox` (contract/resources/).
 * Every name here must be a searchable key of that resource's list on the server.
 */
export const LIST_SEARCH_FIELDS: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(DECLARED_RESOURCES.map((d) => [d.name, searchBoxOf(d)])),
};

/**
 * Each list's declared filters (contract/resources/filters.ts), by API resource: their query parameters
 * are the API's and the list screen's address's alike (`?unit_type=Flat&furnished=true&page=2`).
 */
export const LIST_FILTERS: Readonly<Record<string, readonly ResolvedFilter[]>> = {
  ...Object.fromEntries(DECLARED_RESOURCES.map((d) => [d.name, filtersOf(d)])),
  // The audit log's filters (GET /audit), the same bar over a list that is not a declared resource.
  [AUDIT_PATH]: AUDIT_FILTERS,
};

export type ListResource = string;
