// providers/dataProvider: list pages, search and sort asked of the API (or whole lists), uuid → id, and the
// API's response convention turned into react-admin HttpErrors carrying field errors.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'ra-core';
import { dataProvider, WHOLE_LIST } from '../../providers/dataProvider';
import { authStore } from '../../providers/store';
import { stubRoutes } from './fetchStub';

const USERS = [
  { uuid: 'u-1', name: 'Zoe Zimmer', email: 'zoe@example.com', age: 30 },
  { uuid: 'u-2', name: 'adam Ant', email: 'adam@acme.test', age: 4 },
  { uuid: 'u-3', name: 'Bea Brown', email: 'bea@example.com', age: 22 },
];
const list = { status: 200, body: { data: USERS } } as const;
const WHOLE = { pagination: WHOLE_LIST, sort: { field: '', order: 'ASC' as const }, filter: {} };
const PAGE = { ...WHOLE, pagination: { page: 1, perPage: 10 } };

describe('dataProvider', () => {
  beforeEach(() => {
    authStore.reset();
    authStore.set({ access_token: 'tok', currentCompany: 'c-1' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('loads the whole list with WHOLE_LIST (no list parameters) and maps uuid to id', async () => {
    const calls = stubRoutes({ 'GET /api/v1/users': list });
    const { data, total } = await dataProvider.getList('users', WHOLE);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/v1/users']);
    expect(calls[0].headers).toMatchObject({ 'X-Tenant': 'c-1', Authorization: 'Bearer tok' });
    expect(total).toBe(3);
    expect(data.map((r) => r.id)).toEqual(['u-1', 'u-2', 'u-3']);
  });

  it("asks the API for a page: page, per_page, sort, q, the list's q_in and a capped count when searched; the total is meta.total", async () => {
    const calls = stubRoutes({
      'GET /api/v1/users?page=2&per_page=2&sort=name%3Adesc&q=EX&q_in=name%2Cemail&count=capped': {
        status: 200,
        body: { data: [USERS[0]], meta: { total: 3, page: 2, per_page: 2 } },
      },
      'GET /api/v1/units?page=1&per_page=10&sort=name%3Aasc&q=flat&q_in=unit_type&count=capped': {
        status: 200,
        body: { data: [], meta: { total: 1010, page: 1, per_page: 10, more: true } },
      },
    });
    const page = await dataProvider.getList('users', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: ' EX ' },
    });
    expect(page).toEqual({ data: [{ ...USERS[0], id: 'u-1' }], total: 3 });
    // `more` (a capped count stopped) comes back as the answer's meta.
    const capped = await dataProvider.getList('unit', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'flat' },
    });
    expect(capped).toEqual({ data: [], total: 1010, meta: { more: true } });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/v1/users?page=2&per_page=2&sort=name%3Adesc&q=EX&q_in=name%2Cemail&count=capped',
      '/api/v1/units?page=1&per_page=10&sort=name%3Aasc&q=flat&q_in=unit_type&count=capped',
    ]);
  });

  it('leaves paging out for a whole list, and sort and search when not asked for', async () => {
    const calls = stubRoutes({});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await dataProvider.getList('roles', { ...WHOLE, sort: { field: 'label', order: 'ASC' }, filter: { q: 'adm' } });
    await dataProvider.getList('roles', {
      pagination: { page: 3, perPage: 20 },
      sort: { field: '', order: 'ASC' },
      filter: { q: '  ' },
    });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/v1/roles?sort=label%3Aasc&q=adm&q_in=label%2Cname',
      '/api/v1/roles?page=3&per_page=20',
    ]);
  });

  it('passes list query parameters from meta first (GET /users?all=true)', async () => {
    const calls = stubRoutes({
      'GET /api/v1/users?all=true': list,
      'GET /api/v1/users?all=true&page=1&per_page=10': list,
    });
    await dataProvider.getList('users', { ...WHOLE, meta: { query: { all: true } } });
    await dataProvider.getList('users', { ...PAGE, meta: { query: { all: true } } });
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/users?all=true', '/api/v1/users?all=true&page=1&per_page=10']);
  });

  it('reads a failed list as empty but lets 401 through for sign-out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubRoutes({ 'GET /api/v1/users?page=1&per_page=10': { status: 500, body: { message: 'Server Error' } } });
    expect(await dataProvider.getList('users', PAGE)).toEqual({ data: [], total: 0 });
    stubRoutes({ 'GET /api/v1/users?page=1&per_page=10': { status: 401, body: { message: 'Unauthenticated' } } });
    await expect(dataProvider.getList('users', PAGE)).rejects.toMatchObject({ status: 401 });
  });

  it('lets react-query cancel a superseded list page: the call is aborted, not logged as a failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          ),
      ),
    );
    expect(dataProvider.supportAbortSignal).toBe(true);
    const controller = new AbortController();
    const page = dataProvider.getList('unit', { ...PAGE, signal: controller.signal });
    controller.abort();
    await expect(page).rejects.toMatchObject({ name: 'AbortError' });
    expect(error).not.toHaveBeenCalled();
  });

  it('gets one, many and many by reference', async () => {
    stubRoutes({ 'GET /api/v1/users/u-2': { status: 200, body: { data: USERS[1] } }, 'GET /api/v1/users': list });
    expect((await dataProvider.getOne('users', { id: 'u-2' })).data).toMatchObject({ id: 'u-2', name: 'adam Ant' });
    expect((await dataProvider.getMany('users', { ids: ['u-3', 'u-1'] })).data.map((r) => r.id)).toEqual([
      'u-1',
      'u-3',
    ]);
    const ref = await dataProvider.getManyReference('users', { target: 'age', id: 22, ...PAGE });
    expect(ref.data.map((r) => r.id)).toEqual(['u-3']);
  });

  it('creates with POST, updates with PUT, deletes with DELETE, keeping data.message', async () => {
    const calls = stubRoutes({
      'POST /api/v1/users': { status: 201, body: { data: { message: 'User created', uuid: 'u-9' } } },
      'PUT /api/v1/users/u-1': { status: 200, body: { data: { message: 'User updated' } } },
      'DELETE /api/v1/users/u-1': { status: 200, body: { data: { message: 'User deleted' } } },
    });
    const created = await dataProvider.create('users', { data: { name: 'New' } });
    expect(created.data).toMatchObject({ id: 'u-9', name: 'New', message: 'User created' });
    const updated = await dataProvider.update('users', {
      id: 'u-1',
      data: { name: 'Zed' },
      previousData: { id: 'u-1' },
    });
    expect(updated.data).toMatchObject({ id: 'u-1', name: 'Zed', message: 'User updated' });
    const deleted = await dataProvider.delete('users', { id: 'u-1', previousData: { id: 'u-1', name: 'Zed' } });
    expect(deleted.data).toEqual({ id: 'u-1', name: 'Zed' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/v1/users',
      'PUT /api/v1/users/u-1',
      'DELETE /api/v1/users/u-1',
    ]);
    expect(calls[0].body).toEqual({ name: 'New' });
  });

  it('turns a top-level message into an HttpError with first field messages (pessimistic forms)', async () => {
    stubRoutes({
      'POST /api/v1/users': {
        status: 422,
        body: {
          message: 'The given data was invalid',
          errors: { email: ['The email has already been taken.', 'Other'], name: 'Required' },
        },
      },
    });
    const error = await dataProvider.create('users', { data: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      message: 'The given data was invalid',
      status: 422,
      body: { errors: { email: 'The email has already been taken.', name: 'Required' } },
    });
  });

  it('treats a message with a 200 status as a failure too (the API convention)', async () => {
    stubRoutes({ 'DELETE /api/v1/users/u-1': { status: 200, body: { message: 'Cannot delete yourself' } } });
    await expect(dataProvider.delete('users', { id: 'u-1' })).rejects.toMatchObject({
      message: 'Cannot delete yourself',
      status: 200,
    });
  });

  it('fails a mutation without a response as an HTTP error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubRoutes({ 'PUT /api/v1/users/u-1': 'network-error' });
    await expect(
      dataProvider.update('users', { id: 'u-1', data: {}, previousData: { id: 'u-1' } }),
    ).rejects.toMatchObject({ message: 'ra.notification.http_error', status: 0 });
  });
});
