// API calls: JSON headers, X-Tenant with the current company, Bearer with the token; the body
// parsed as JSON with the status added; network errors logged and the result undefined.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiDelete, apiGet, apiPost, apiPut, isSuccess } from '../../providers/httpClient';
import { authStore } from '../../providers/store';

function stubFetch(status: number, body: unknown) {
  const fetchStub = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      ({ status, text: async () => (body === undefined ? '' : JSON.stringify(body)) }) as unknown as Response,
  );
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

describe('httpClient', () => {
  beforeEach(() => authStore.reset());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends JSON headers only, without a session', async () => {
    const fetchStub = stubFetch(200, { data: [] });
    await apiGet('/api/v1/users');
    const [url, init] = fetchStub.mock.calls[0];
    expect(url).toBe('/api/v1/users');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json' });
    expect(init?.credentials).toBe('include');
  });

  it('adds X-Tenant and the Bearer token when held', async () => {
    authStore.set({ access_token: 'tok', currentCompany: 'c-9' });
    const fetchStub = stubFetch(200, { data: [] });
    await apiPost('/api/v1/users', { name: 'A' });
    const [, init] = fetchStub.mock.calls[0];
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ 'X-Tenant': 'c-9', Authorization: 'Bearer tok' });
    expect(init?.body).toBe(JSON.stringify({ name: 'A' }));
  });

  it('answers the parsed body with the status added', async () => {
    stubFetch(422, { message: 'The name field is required', errors: { name: ['The name field is required'] } });
    const res = await apiPut('/api/v1/users/1', {});
    expect(res).toEqual({
      status: 422,
      message: 'The name field is required',
      errors: { name: ['The name field is required'] },
    });
    expect(isSuccess(res)).toBe(false);
  });

  it('treats an empty body as an empty object', async () => {
    stubFetch(204, undefined);
    const res = await apiDelete('/api/v1/users/1');
    expect(res).toEqual({ status: 204 });
    expect(isSuccess(res)).toBe(true);
  });

  it('logs a network error and answers undefined', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await apiGet('/api/v1/session')).toBeUndefined();
    expect(error).toHaveBeenCalled();
  });

  it('reads success as 2xx without a top-level message', () => {
    expect(isSuccess({ status: 200, data: { message: 'Saved' } })).toBe(true);
    expect(isSuccess({ status: 200, message: 'Nope' })).toBe(false);
    expect(isSuccess({ status: 500 })).toBe(false);
    expect(isSuccess(undefined)).toBe(false);
  });
});
