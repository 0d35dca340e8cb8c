// The anchor API (bench/lib/anchor-api.ts, plain-page dialect) for the current tenant (?t=…).
export const tenant = new URLSearchParams(window.location.search).get('t') ?? 'demo';
const base = `/api/${tenant}`;

export type Row = Record<string, unknown> & { id: string };

export interface ListParams {
  page: number;
  perPage: number;
  sort: string;
  order: 'asc' | 'desc';
  q: string;
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(base + path, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } });
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
  return (await res.json()) as T;
}

export function getPage(
  resource: string,
  p: ListParams,
  signal?: AbortSignal,
): Promise<{ data: Row[]; meta: { total: number } }> {
  const qs = new URLSearchParams({
    page: String(p.page),
    per_page: String(p.perPage),
    sort: p.sort,
    order: p.order,
    q: p.q,
  });
  return call(`/${resource}?${qs}`, { signal });
}

export const getOne = (resource: string, id: string) => call<Row>(`/${resource}/${encodeURIComponent(id)}`);
export const save = (resource: string, id: string | null, body: Record<string, unknown>) =>
  id
    ? call<Row>(`/${resource}/${encodeURIComponent(id)}`, { method: 'PUT', body: JSON.stringify(body) })
    : call<Row>(`/${resource}`, { method: 'POST', body: JSON.stringify(body) });
/** The first 500 records by name (choices of a reference field). */
export const choices = (resource: string) =>
  getPage(resource, { page: 1, perPage: 500, sort: 'name', order: 'asc', q: '' }).then((r) => r.data);
