// providers/dataProvider: lists loaded whole and filtered/sorted/paged client-side, uuid → id, and the
// SPEC §7 response convention turned into react-admin HttpErrors carrying field errors.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'ra-core';
import { dataProvider } from '../../providers/dataProvider';
import { authStore } from '../../providers/store';
import { stubRoutes } from './fetchStub';

const USERS = [
  { uuid: 'u-1', name: 'Zoe Zimmer', email: 'zoe@example.com', age: 30 },
  { uuid: 'u-2', name: 'adam Ant', email: 'adam@acme.test', age: 4 },
  { uuid: 'u-3', name: 'Bea Brown', email: 'bea@example.com', age: 22 },
];
const list = { status: 200, body: { data: USERS } } as const;
const ALL = { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };

describe('dataProvider', () => {
  beforeEach(() => {
    authStore.reset();
    authStore.set({ access_token: 'tok', currentCompany: 'c-1' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('loads the whole list once per call and maps uuid to id', async () => {
    const calls = stubRoutes({ 'GET /api/v1/users': list });
    const { data, total } = await dataProvider.getList('users', ALL);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/v1/users']);
    expect(calls[0].headers).toMatchObject({ 'X-Tenant': 'c-1', Authorization: 'Bearer tok' });
    expect(total).toBe(3);
    expect(data.map((r) => r.id)).toEqual(['u-1', 'u-2', 'u-3']);
  });

  it('filters with q (any field, case-insensitive substring) and by field', async () => {
    stubRoutes({ 'GET /api/v1/users': list });
    expect((await dataProvider.getList('users', { ...ALL, filter: { q: 'EXAMPLE' } })).data.map((r) => r.id)).toEqual(['u-1', 'u-3']);
    expect((await dataProvider.getList('users', { ...ALL, filter: { q: 'adam' } })).data.map((r) => r.id)).toEqual(['u-2']);
    expect((await dataProvider.getList('users', { ...ALL, filter: { email: 'bea@example.com' } })).data.map((r) => r.id)).toEqual(['u-3']);
  });

  it('sorts text case-insensitively and numbers numerically, both ways', async () => {
    stubRoutes({ 'GET /api/v1/users': list });
    const names = async (field: string, order: 'ASC' | 'DESC') => (await dataProvider.getList('users', { ...ALL, sort: { field, order } })).data.map((r) => r.name);
    expect(await names('name', 'ASC')).toEqual(['adam Ant', 'Bea Brown', 'Zoe Zimmer']);
    expect(await names('name', 'DESC')).toEqual(['Zoe Zimmer', 'Bea Brown', 'adam Ant']);
    expect(await names('age', 'ASC')).toEqual(['adam Ant', 'Bea Brown', 'Zoe Zimmer']);
  });

  it('pages after filtering and reports the filtered total', async () => {
    stubRoutes({ 'GET /api/v1/users': list });
    const page2 = await dataProvider.getList('users', { pagination: { page: 2, perPage: 2 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(page2.total).toBe(3);
    expect(page2.data.map((r) => r.name)).toEqual(['Zoe Zimmer']);
  });

  it('passes list query parameters from meta (GET /users?all=true)', async () => {
    const calls = stubRoutes({ 'GET /api/v1/users?all=true': list });
    await dataProvider.getList('users', { ...ALL, meta: { query: { all: true } } });
    expect(calls[0].url).toBe('/api/v1/users?all=true');
  });

  it('reads a failed list as empty (SPEC §8) but lets 401 through for sign-out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubRoutes({ 'GET /api/v1/users': { status: 500, body: { message: 'Server Error' } } });
    expect(await dataProvider.getList('users', ALL)).toEqual({ data: [], total: 0 });
    stubRoutes({ 'GET /api/v1/users': { status: 401, body: { message: 'Unauthenticated' } } });
    await expect(dataProvider.getList('users', ALL)).rejects.toMatchObject({ status: 401 });
  });

  it('gets one, many and many by reference', async () => {
    stubRoutes({ 'GET /api/v1/users/u-2': { status: 200, body: { data: USERS[1] } }, 'GET /api/v1/users': list });
    expect((await dataProvider.getOne('users', { id: 'u-2' })).data).toMatchObject({ id: 'u-2', name: 'adam Ant' });
    expect((await dataProvider.getMany('users', { ids: ['u-3', 'u-1'] })).data.map((r) => r.id)).toEqual(['u-1', 'u-3']);
    const ref = await dataProvider.getManyReference('users', { target: 'age', id: 22, ...ALL });
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
    const updated = await dataProvider.update('users', { id: 'u-1', data: { name: 'Zed' }, previousData: { id: 'u-1' } });
    expect(updated.data).toMatchObject({ id: 'u-1', name: 'Zed', message: 'User updated' });
    const deleted = await dataProvider.delete('users', { id: 'u-1', previousData: { id: 'u-1', name: 'Zed' } });
    expect(deleted.data).toEqual({ id: 'u-1', name: 'Zed' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/v1/users', 'PUT /api/v1/users/u-1', 'DELETE /api/v1/users/u-1']);
    expect(calls[0].body).toEqual({ name: 'New' });
  });

  it('turns a top-level message into an HttpError with first field messages (pessimistic forms)', async () => {
    stubRoutes({
      'POST /api/v1/users': { status: 422, body: { message: 'The given data was invalid', errors: { email: ['The email has already been taken.', 'Other'], name: 'Required' } } },
    });
    const error = await dataProvider.create('users', { data: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'The given data was invalid', status: 422, body: { errors: { email: 'The email has already been taken.', name: 'Required' } } });
  });

  it('treats a message with a 200 status as a failure too (SPEC §7 convention)', async () => {
    stubRoutes({ 'DELETE /api/v1/users/u-1': { status: 200, body: { message: 'Cannot delete yourself' } } });
    await expect(dataProvider.delete('users', { id: 'u-1' })).rejects.toMatchObject({ message: 'Cannot delete yourself', status: 200 });
  });

  it('fails a mutation without a response as an HTTP error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubRoutes({ 'PUT /api/v1/users/u-1': 'network-error' });
    await expect(dataProvider.update('users', { id: 'u-1', data: {}, previousData: { id: 'u-1' } })).rejects.toMatchObject({ message: 'ra.notification.http_error', status: 0 });
  });
});
