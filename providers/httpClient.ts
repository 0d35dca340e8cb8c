// JSON calls to the Olympus API with X-Tenant and Bearer headers; the body parsed as JSON
// with the HTTP status added. Network or parse errors are logged and the result is undefined.
import { authStore } from './store';

export const API_URL = ((import.meta.env.VITE_API_URL as string | undefined) ?? '').replace(/\/+$/, '');

export type ApiResult<T = unknown> = {
  status: number;
  data?: T;
  message?: string;
  errors?: Record<string, string[] | string>;
  [key: string]: unknown;
};

function readCookie(name: string): string | null {
  const m = document.cookie.match(new RegExp('(?:^|; )' + name.replace(/[.$?*|{}()[\]\\/+^]/g, '\\$&') + '=([^;]*)'));
  return m ? decodeURIComponent(m[1]) : null;
}

/** GET /sanctum/csrf-cookie: sets XSRF-TOKEN, echoed on state-changing calls made without a token. */
export async function csrfCookie(): Promise<void> {
  try {
    await fetch(API_URL + '/sanctum/csrf-cookie', { credentials: 'include', headers: { Accept: 'application/json' } });
  } catch (err) {
    console.error('csrf-cookie failed', err);
  }
}

export function apiHeaders(): Record<string, string> {
  const { access_token, currentCompany } = authStore.get();
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (currentCompany) headers['X-Tenant'] = currentCompany;
  if (access_token) headers.Authorization = `Bearer ${access_token}`;
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  return headers;
}

export interface RequestOptions {
  /** Cancels the call (a superseded list page); the AbortError is rethrown, not logged. */
  signal?: AbortSignal;
  /** More headers, e.g. If-Match with the version a change is based on. */
  headers?: Record<string, string>;
}

const send = (
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  signal?: AbortSignal,
) => fetch(API_URL + path, { method, credentials: 'include', headers, body, signal });

/** A response as the app reads it: the JSON body with the HTTP status added. */
async function readAnswer<T>(res: Response): Promise<ApiResult<T>> {
  const text = await res.text();
  const parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  return { ...parsed, status: res.status } as ApiResult<T>;
}

interface Early {
  at: number;
  /** undefined when the call failed on the network or its body was no JSON: the caller asks again. */
  answer: Promise<ApiResult | undefined>;
  /** Set once the answer is in: a screen's first render can take it without waiting. */
  settled?: ApiResult;
}

/**
 * Calls started early (startEarly) by what identifies them: method, path, body, token and company.
 * Each answer goes to the first identical call only, and only while it is fresh: an early answer
 * is the answer that call would have had a moment later, never a stale copy (docs/speed.md).
 */
const early = new Map<string, Early>();
export const EARLY_ANSWER_TTL_MS = 5_000;
const earlyKey = (method: string, path: string, headers: Record<string, string>, body: string | undefined) =>
  [method, path, body ?? '', headers.Authorization ?? '', headers['X-Tenant'] ?? ''].join('\n');
const earlyBody = (method: string) => (method === 'GET' ? undefined : '{}');

/** Starts a read the first screen will make while its code still loads (src/startup/firstScreen.ts). */
export function startEarly(method: 'GET' | 'POST', path: string): void {
  const headers = apiHeaders();
  const body = earlyBody(method);
  const entry: Early = {
    at: Date.now(),
    answer: send(method, path, headers, body)
      .then(readAnswer)
      .catch(() => undefined),
  };
  void entry.answer.then((answer) => {
    entry.settled = answer;
  });
  early.set(earlyKey(method, path, headers, body), entry);
}

/** The fresh early entry for this call, taken (it goes to one call only). */
function takeEarly(key: string): Early | undefined {
  const found = early.get(key);
  if (!found) return undefined;
  early.delete(key);
  return Date.now() - found.at <= EARLY_ANSWER_TTL_MS ? found : undefined;
}

/** The key of an early call made now, with the session's headers (startEarly's). */
const earlyKeyNow = (method: 'GET' | 'POST', path: string) => earlyKey(method, path, apiHeaders(), earlyBody(method));

/** Whether this call's early answer is already in (nothing is taken). */
export function settledEarly(method: 'GET' | 'POST', path: string): boolean {
  return early.get(earlyKeyNow(method, path))?.settled !== undefined;
}

/** The early answer of this call when it is already in (and fresh), taken; otherwise nothing is taken. */
export function takeSettledEarly<T = unknown>(method: 'GET' | 'POST', path: string): ApiResult<T> | undefined {
  const key = earlyKeyNow(method, path);
  if (!early.get(key)?.settled) return undefined;
  return takeEarly(key)?.settled as ApiResult<T> | undefined;
}

export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  { signal, headers: more }: RequestOptions = {},
): Promise<ApiResult<T> | undefined> {
  try {
    const headers = { ...apiHeaders(), ...more };
    const json = body === undefined ? undefined : JSON.stringify(body);
    // An early call that failed is simply made again; without one, fetch is called at once (a signal
    // already aborted then rejects it straight away).
    const earlyEntry = takeEarly(earlyKey(method, path, headers, json));
    const earlyAnswer = earlyEntry && (await earlyEntry.answer);
    if (earlyAnswer) return earlyAnswer as ApiResult<T>;
    return await readAnswer<T>(await send(method, path, headers, json, signal));
  } catch (err) {
    // A cancelled call is no failure: its caller (react-query) discards it.
    if (signal?.aborted) throw err;
    console.error(`${method} ${path} failed`, err);
    return undefined;
  }
}

export const apiGet = <T = unknown>(path: string, options?: RequestOptions) =>
  apiRequest<T>('GET', path, undefined, options);
export const apiPost = <T = unknown>(path: string, body?: unknown) => apiRequest<T>('POST', path, body ?? {});
export const apiPut = <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
  apiRequest<T>('PUT', path, body ?? {}, options);
export const apiDelete = <T = unknown>(path: string, options?: RequestOptions) =>
  apiRequest<T>('DELETE', path, undefined, options);

/** If-Match for a change based on the record's `version` as loaded (docs/resources.md "Versions and conflicts"); none
 * without one. */
export function ifMatch(version: unknown): RequestOptions {
  return typeof version === 'number' && Number.isInteger(version) && version > 0
    ? { headers: { 'If-Match': `"${version}"` } }
    : {};
}

/** The API's convention: a top-level message means error; data.message means success. */
export const isSuccess = (r: ApiResult | undefined): r is ApiResult =>
  !!r && r.status >= 200 && r.status < 300 && !('message' in r && r.message);
