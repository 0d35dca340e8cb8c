// providers/dataProvider for the list screens: SPA resource names → API paths (company,
// property, unit), whole lists for the browser to page, and failures that do not break a screen.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath, dataProvider, WHOLE_LIST } from '../../providers/dataProvider';
import { authStore } from '../../providers/store';
import { stubRoutes } from './fetchStub';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ uuid: `x-${i}`, name: `Row ${i}` }));
const params = { pagination: WHOLE_LIST, sort: { field: '', order: 'ASC' as const }, filter: {} };

describe('dataProvider for lists', () => {
  beforeEach(() => {
    authStore.reset();
    authStore.set({ access_token: 'tok', currentCompany: 'c-1' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('maps the SPA resource names to the API paths', () => {
    expect(['users', 'company', 'property', 'unit', 'roles', 'permissions'].map(apiPath)).toEqual([
      'users',
      'companies',
      'properties',
      'units',
      'roles',
      'permissions',
    ]);
  });

  it.each([
    ['company', 'companies'],
    ['property', 'properties'],
    ['unit', 'units'],
    ['roles', 'roles'],
  ])('calls /api/v1/%s as /api/v1/%s for lists, records and deletes', async (resource, api) => {
    const calls = stubRoutes({
      [`GET /api/v1/${api}`]: { status: 200, body: { data: rows(3) } },
      [`GET /api/v1/${api}/x-1`]: { status: 200, body: { data: rows(3)[1] } },
      [`DELETE /api/v1/${api}/x-1`]: { status: 200, body: { data: { message: 'Deleted' } } },
    });
    expect((await dataProvider.getList(resource, params)).total).toBe(3);
    expect((await dataProvider.getOne(resource, { id: 'x-1' })).data).toMatchObject({ id: 'x-1' });
    await dataProvider.delete(resource, { id: 'x-1' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET /api/v1/${api}`,
      `GET /api/v1/${api}/x-1`,
      `DELETE /api/v1/${api}/x-1`,
    ]);
  });

  it('keeps every row and the server order with WHOLE_LIST and no sort field', async () => {
    stubRoutes({ 'GET /api/v1/units': { status: 200, body: { data: rows(250).reverse() } } });
    const { data, total } = await dataProvider.getList('unit', params);
    expect(total).toBe(250);
    expect(data).toHaveLength(250);
    expect(data[0].id).toBe('x-249');
  });

  it('reads a failed or malformed list as empty', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubRoutes({ 'GET /api/v1/companies': 'network-error' });
    expect(await dataProvider.getList('company', params)).toEqual({ data: [], total: 0 });
    stubRoutes({ 'GET /api/v1/companies': { status: 403, body: { message: 'Forbidden' } } });
    expect(await dataProvider.getList('company', params)).toEqual({ data: [], total: 0 });
    stubRoutes({ 'GET /api/v1/companies': { status: 200, body: { data: { not: 'a list' } } } });
    expect(await dataProvider.getList('company', params)).toEqual({ data: [], total: 0 });
  });

  it('rejects a failed delete with the server message, so the row stays', async () => {
    stubRoutes({ 'DELETE /api/v1/units/x-1': { status: 409, body: { message: 'The unit is let' } } });
    await expect(dataProvider.delete('unit', { id: 'x-1' })).rejects.toMatchObject({
      status: 409,
      message: 'The unit is let',
    });
  });
});
