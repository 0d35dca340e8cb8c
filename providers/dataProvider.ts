// react-admin's DataProvider over /api/v1/{resource}. getList asks the API for a page
// (`page`, `per_page`, `sort`, `q`, `q_in` → `meta.total`), or for the whole list with
// WHOLE_LIST, which the list screens then search, sort and page in the browser; records are keyed by `uuid`. Resource
// names are the SPA paths under
// /dashboard (company, property, unit); API_PATHS maps them to the API's plural paths (a
// declared resource's from its declaration, contract/resources/).
// The response convention — a top-level `message` means failure — becomes an HttpError whose
// body.errors is { field: 'first message' }, the shape react-admin's pessimistic forms attach to
// fields.
import { HttpError, type DataProvider, type GetListParams, type RaRecord } from 'ra-core';
import { DECLARED_RESOURCES } from '../contract/resources';
import {
  apiDelete,
  apiGet,
  apiPost,
  apiPut,
  ifMatch,
  startEarly,
  takeSettledEarly,
  type ApiResult,
} from './httpClient';
import { listQuery, WHOLE_LIST, type QueryValues } from './listQuery';

export { WHOLE_LIST };

type Row = Record<string, unknown>;
export const API_PREFIX = '/api/v1';

/** `uuid` is the key everywhere; react-admin wants `id`. */
export function withId(row: Row): RaRecord {
  return { ...row, id: (row.uuid ?? row.id) as RaRecord['id'] };
}

/** { field: ['a', 'b'] } → { field: 'a' } */
export function firstMessages(errors: ApiResult['errors']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(errors ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[field] = first;
  }
  return out;
}

/**
 * The response as an HttpError when it is one (no response, a top-level message, or a 4xx/5xx status).
 * A 409 of a change based on an older version keeps its `conflict` (what changed since, by whom).
 */
export function responseError(res: ApiResult | undefined): HttpError | null {
  if (!res) return new HttpError('ra.notification.http_error', 0, null);
  const message = typeof res.message === 'string' && res.message ? res.message : null;
  if (!message && res.status < 400) return null;
  const conflict = res.conflict && typeof res.conflict === 'object' ? { conflict: res.conflict } : {};
  // A refused bulk change names each refused record (docs/resources.md "Bulk changes").
  const rows = Array.isArray(res.rows) ? { rows: res.rows } : {};
  return new HttpError(message ?? 'ra.notification.http_error', res.status, {
    message,
    errors: firstMessages(res.errors),
    ...conflict,
    ...rows,
  });
}

/**
 * The version a change is based on (docs/resources.md "Versions and conflicts"): `meta.version` when
 * the caller names one, else (`previous`) the record as the caller showed it.
 */
function versionOf(meta: unknown, previous?: unknown): unknown {
  const named = meta && typeof meta === 'object' ? (meta as Row).version : undefined;
  return named ?? (previous && typeof previous === 'object' ? (previous as Row).version : undefined);
}

function unwrap<T>(res: ApiResult<T> | undefined): T {
  const error = responseError(res);
  if (error) throw error;
  return (res as ApiResult<T>).data as T;
}

/** react-admin resource name → API path under /api/v1, where they differ: a declared resource's `spa` → `path`. */
export const API_PATHS: Readonly<Record<string, string>> = Object.fromEntries(
  DECLARED_RESOURCES.map((d) => [d.spa, d.path.replace(/^\//, '')]),
);

export const apiPath = (resource: string): string => API_PATHS[resource] ?? resource;

/** The resource's API URL; a declared path may have several segments (reports/manage): each is encoded, not the slash.
 */
export const apiUrl = (resource: string): string =>
  `${API_PREFIX}/${apiPath(resource).split('/').map(encodeURIComponent).join('/')}`;

const path = (resource: string, id?: RaRecord['id']) =>
  apiUrl(resource) + (id === undefined ? '' : `/${encodeURIComponent(String(id))}`);

function withQuery(url: string, query: QueryValues | undefined): string {
  if (!query || Object.keys(query).length === 0) return url;
  // Several values of one parameter (a choice filter's) repeat it: `unit_type=Flat&unit_type=Studio`.
  return (
    url +
    '?' +
    new URLSearchParams(
      Object.entries(query).flatMap(([k, v]) =>
        Array.isArray(v) ? v.map((one) => [k, String(one)]) : [[k, String(v)]],
      ),
    ).toString()
  );
}

const get = (row: Row, field: string): unknown =>
  field.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Row)[k] : undefined), row);

/** What a value sorts by: a reference's nested `{ uuid, name }` by its name, as the API sorts it. */
const sortValue = (v: unknown): unknown => (v && typeof v === 'object' && 'name' in v ? (v as Row).name : v);

/** `q` matches any top-level text or number, case-insensitively; other keys match their field exactly. */
export function matchesFilter(row: Row, filter: Record<string, unknown> | undefined): boolean {
  for (const [key, wanted] of Object.entries(filter ?? {})) {
    if (wanted === undefined || wanted === null || wanted === '') continue;
    if (key === 'q') {
      const needle = String(wanted).toLowerCase();
      const hit = Object.values(row).some(
        (v) => (typeof v === 'string' || typeof v === 'number') && String(v).toLowerCase().includes(needle),
      );
      if (!hit) return false;
    } else if (Array.isArray(wanted)) {
      if (!wanted.map(String).includes(String(get(row, key)))) return false;
    } else if (String(get(row, key)) !== String(wanted)) {
      return false;
    }
  }
  return true;
}

export function compareBy(field: string, order: 'ASC' | 'DESC') {
  const sign = order === 'DESC' ? -1 : 1;
  return (a: Row, b: Row): number => {
    const x = sortValue(get(a, field));
    const y = sortValue(get(b, field));
    // Empty values sort last whatever the order.
    if (x == null || x === '') return y == null || y === '' ? 0 : 1;
    if (y == null || y === '') return -1;
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
    return sign * String(x).localeCompare(String(y), undefined, { sensitivity: 'base', numeric: true });
  };
}

/** Filter, sort and page a loaded list the way react-admin's getList expects. */
export function listPage(rows: RaRecord[], params: Pick<GetListParams, 'filter' | 'sort' | 'pagination'>) {
  let out = rows.filter((r) => matchesFilter(r, params.filter));
  if (params.sort?.field)
    out = [...out].sort(compareBy(params.sort.field, params.sort.order === 'DESC' ? 'DESC' : 'ASC'));
  const total = out.length;
  if (params.pagination) {
    const { page, perPage } = params.pagination;
    out = out.slice((page - 1) * perPage, page * perPage);
  }
  return { data: out, total };
}

interface ListMeta {
  /** Extra query parameters of the list call, e.g. { all: true } for GET /users?all=true. */
  query?: QueryValues;
}

/** `meta.total` of a list answer, when the API gave one. */
function totalOf(res: ApiResult): number | undefined {
  const meta = res.meta;
  const total = meta && typeof meta === 'object' ? (meta as Row).total : undefined;
  return typeof total === 'number' ? total : undefined;
}

/** What a list answer's `meta` adds to its rows and total: `more` when a capped count stopped (contract/lists.ts
 * COUNT_CAP). */
export interface ListAnswerMeta {
  more: true;
}

/** `meta.more` of a list answer: there are more than `meta.total` matching rows. */
function moreOf(res: ApiResult): boolean {
  const meta = res.meta;
  return meta !== null && typeof meta === 'object' && (meta as Row).more === true;
}

/** The address getList calls for these parameters (src/startup/firstScreen.ts asks it ahead of the list screen). */
export function listPath(
  resource: string,
  params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>,
  meta?: ListMeta,
): string {
  // Search, sort and the declared filters are the API's; other filter keys are not list parameters of the API.
  return withQuery(path(resource), listQuery(apiPath(resource), params, meta?.query));
}

/** One list answer as getList's result: a failure is logged and reads as empty; only 401 is thrown (sign-out). */
function listResult(resource: string, res: ApiResult<Row[]> | undefined): ListResult {
  const error = responseError(res);
  if (error) {
    if (error.status === 401) throw error;
    console.error(`GET ${resource} failed`, error.message);
    return { data: [], total: 0 };
  }
  const rows = Array.isArray(res?.data) ? res.data.map(withId) : [];
  const total = (res && totalOf(res)) ?? rows.length;
  return res && moreOf(res) ? { data: rows, total, meta: { more: true } } : { data: rows, total };
}

type ListResult = { data: RaRecord[]; total: number; meta?: ListAnswerMeta };

/** GET /{resource}[?query] as getList's result. */
async function fetchList(resource: string, url: string, signal?: AbortSignal): Promise<ListResult> {
  return listResult(resource, await apiGet<Row[]>(url, { signal }));
}

/**
 * The list page the start-up already fetched (src/startup/firstScreen.ts, docs/speed.md), when its
 * answer is in and fresh: a list's first render can show it without waiting. Taken once; a refused
 * answer (401) is left to the list's own call, which signs out.
 */
export function earlyListPage(
  resource: string,
  params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>,
  meta?: ListMeta,
): ListResult | undefined {
  const res = takeSettledEarly<Row[]>('GET', listPath(resource, params, meta));
  if (!res || res.status === 401) return undefined;
  return listResult(resource, res);
}

/**
 * Starts the list page getList will ask for these parameters a moment later (a search keystroke, before
 * its list renders): that call then takes this one's answer (httpClient's early calls).
 */
export function startListPage(
  resource: string,
  params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>,
  meta?: ListMeta,
): void {
  startEarly('GET', listPath(resource, params, meta));
}

const loadList = async (resource: string, meta?: ListMeta): Promise<RaRecord[]> =>
  (await fetchList(resource, withQuery(path(resource), meta?.query))).data;

/** Mutations answer { data: { message, ...record } }; keep the message on the record for the form's notice. */
function mutationRecord(body: unknown, fallback: Row): RaRecord {
  const row = body && typeof body === 'object' ? { ...fallback, ...(body as Row) } : fallback;
  return withId(row);
}

// react-admin types every method generically over its record type; our records are plain rows, hence the casts.
export const dataProvider: DataProvider = {
  // react-query cancels superseded list pages (a new keystroke, page or sort) through the signal.
  supportAbortSignal: true,
  async getList(resource, params) {
    return (await fetchList(
      resource,
      listPath(resource, params, params.meta as ListMeta | undefined),
      params.signal,
    )) as never;
  },
  async getOne(resource, params) {
    return { data: withId(unwrap<Row>(await apiGet(path(resource, params.id)))) } as never;
  },
  async getMany(resource, params) {
    const wanted = new Set(params.ids.map(String));
    const rows = await loadList(resource, params.meta as ListMeta | undefined);
    return { data: rows.filter((r) => wanted.has(String(r.id))) } as never;
  },
  async getManyReference(resource, params) {
    const rows = await loadList(resource, params.meta as ListMeta | undefined);
    return listPage(rows, { ...params, filter: { ...params.filter, [params.target]: params.id } }) as never;
  },
  async create(resource, params) {
    const body = unwrap<Row>(await apiPost(path(resource), params.data));
    return { data: mutationRecord(body, params.data as Row) } as never;
  },
  // With If-Match of the version the form loaded (meta.version; react-admin's previousData may come from
  // another screen's cache): a record changed meanwhile answers 409 with the conflict.
  async update(resource, params) {
    const body = unwrap<Row>(await apiPut(path(resource, params.id), params.data, ifMatch(versionOf(params.meta))));
    return { data: mutationRecord(body, { ...(params.data as Row), id: params.id }) } as never;
  },
  async updateMany(resource, params) {
    for (const id of params.ids) unwrap(await apiPut(path(resource, id), params.data));
    return { data: params.ids } as never;
  },
  // With If-Match of the row as the list showed it (or meta.version: "delete anyway" after a 409).
  async delete(resource, params) {
    unwrap(await apiDelete(path(resource, params.id), ifMatch(versionOf(params.meta, params.previousData))));
    return { data: params.previousData ?? { id: params.id } } as never;
  },
  /** POST /{resource}/bulk (docs/resources.md "Bulk changes"): all or nothing; a refusal's HttpError body carries
   * `rows`. */
  async bulk(
    resource: string,
    body: { action: 'update' | 'delete'; ids: string[]; values?: Row; versions?: Record<string, number> },
  ) {
    return { data: unwrap<Row>(await apiPost(`${path(resource)}/bulk`, body)) };
  },
  async deleteMany(resource, params) {
    for (const id of params.ids) unwrap(await apiDelete(path(resource, id)));
    return { data: params.ids } as never;
  },
};
