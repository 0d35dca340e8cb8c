// Companies: super_admin's CRUD, the edit view with its properties, the 409 for a company
// that still has properties, validation and audit rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createUser } from './factories';
import { apiAs, auditFor, count, createProperty, createWorld, type Api, type World } from './resources-fixtures';

let t: TestApp;
let w: World;
let sa: Api;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  sa = apiAs(t, w.headers.super_admin, w.own.id);
});
afterAll(() => t.close());

describe('companies', () => {
  it('lists every company for a super_admin, sorted by name, whatever company is current', async () => {
    const res = await sa.get('/companies', null);
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Own Lettings', 'Other Estates']));
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(res.json().data[0]).toEqual({
      uuid: expect.any(String),
      id: expect.any(String),
      name: expect.any(String),
      address_line_1: expect.anything(),
      address_line_2: null,
      city: expect.anything(),
      county: null,
      postcode: expect.anything(),
      version: expect.any(Number),
    });
    const searched = (await sa.get('/companies?q=other')).json();
    expect(searched).toEqual({ data: [expect.objectContaining({ name: 'Other Estates' })], meta: { total: 1 } });
  });

  it('creates, shows, edits and deletes a company, auditing each change', async () => {
    const created = await sa.post('/companies', {
      name: ' Harbour Homes ',
      address_line_1: '1 Quay',
      address_line_2: '',
      city: 'Hull',
      postcode: 'HU1 1AA',
    });
    expect(created.statusCode).toBe(201);
    const company = created.json().data;
    expect(company).toEqual({
      message: 'The company has been created',
      uuid: company.id,
      id: company.id,
      name: 'Harbour Homes',
      address_line_1: '1 Quay',
      address_line_2: null,
      city: 'Hull',
      county: null,
      postcode: 'HU1 1AA',
      version: 1,
    });
    expect((await sa.get(`/companies/${company.id}`)).json().data.name).toBe('Harbour Homes');

    const edit = (await sa.get(`/companies/${company.id}/edit`)).json();
    expect(edit.data).toMatchObject({ name: 'Harbour Homes', properties: [] });
    const values = Object.fromEntries(
      edit.fields
        .flatMap((g: { fields: { name: string; value: unknown }[] }) => g.fields)
        .map((f: { name: string; value: unknown }) => [f.name, f.value]),
    );
    expect(values).toEqual({
      name: 'Harbour Homes',
      address_line_1: '1 Quay',
      address_line_2: '',
      city: 'Hull',
      county: '',
      postcode: 'HU1 1AA',
    });

    const updated = await sa.put(`/companies/${company.id}`, { city: 'Kingston upon Hull', county: 'East Riding' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      message: 'The company has been updated',
      name: 'Harbour Homes',
      city: 'Kingston upon Hull',
      county: 'East Riding',
    });

    const deleted = await sa.delete(`/companies/${company.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: { message: 'The company has been deleted' } });
    expect((await sa.get(`/companies/${company.id}`)).statusCode).toBe(404);

    // The company's own rows, whatever company the super admin had chosen (X-Tenant: own).
    const rows = await auditFor(db(), company.id);
    expect(rows.map((r) => r.action)).toEqual(['company.created', 'company.updated', 'company.deleted']);
    expect(rows.every((r) => r.actor_id === w.users.super_admin.id && r.tenant_id === company.id && r.ip)).toBe(true);
    expect(rows[1].changes).toEqual({
      city: { before: 'Hull', after: 'Kingston upon Hull' },
      county: { before: null, after: 'East Riding' },
      version: { before: 1, after: 2 },
    });
  });

  it('shows the company’s properties on its edit view', async () => {
    const company = await createCompany(db());
    await createProperty(db(), company.id, { name: 'Beta Court' });
    await createProperty(db(), company.id, { name: 'alpha House' });
    const { data } = (await sa.get(`/companies/${company.id}/edit`)).json();
    expect(data.properties.map((p: { name: string }) => p.name)).toEqual(['alpha House', 'Beta Court']);
    expect(data.properties[0]).toMatchObject({
      company_uuid: company.id,
      company: { uuid: company.id, name: company.name },
    });
  });

  it('refuses to delete a company that still has properties (409), and moves it to the trash once they are gone', async () => {
    const company = await createCompany(db());
    const member = await createUser(db(), { companies: [company] });
    const property = await createProperty(db(), company.id);
    const res = await sa.delete(`/companies/${company.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This company still has properties. Remove them first.' });
    await db().execute(sql`delete from properties where id = ${property.id}`);
    expect((await sa.delete(`/companies/${company.id}`)).statusCode).toBe(200);
    // In the trash its memberships wait with it (docs/resources.md "Trash"); deleted forever, they go with it; the user
    // stays.
    expect(await count(db(), sql`select count(*) as n from user_companies where company_id = ${company.id}`)).toBe(1);
    expect((await sa.delete(`/companies/${company.id}?purge=true`)).statusCode).toBe(200);
    expect(await count(db(), sql`select count(*) as n from user_companies where company_id = ${company.id}`)).toBe(0);
    expect(await count(db(), sql`select count(*) as n from users where id = ${member.id}`)).toBe(1);
  });

  it('validates: a name is required and text is capped', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { name: ['The name field is required.'] }],
      [{ name: '  ' }, { name: ['The name field is required.'] }],
      [{ name: null }, { name: ['The name field is required.'] }],
      [{ name: 'x'.repeat(256) }, { name: ['The name may not be greater than 255 characters.'] }],
      [
        { name: 'Fine', city: 'y'.repeat(256), postcode: 'z'.repeat(33) },
        {
          city: ['The city may not be greater than 255 characters.'],
          postcode: ['The postcode may not be greater than 32 characters.'],
        },
      ],
      [{ name: ['a', 'b'] }, { name: ['The name must be a string.'] }],
      [{ name: { first: 'A' } }, { name: ['The name must be a string.'] }],
      [{ name: 'Nul\u0000Byte' }, { name: ['The name contains an invalid character.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await sa.post('/companies', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({ message: Object.values(errors)[0][0], errors });
    }
    const res = await sa.put(`/companies/${w.other.id}`, { name: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['The name field is required.'] });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      for (const [method, url] of [
        ['GET', `/companies/${encodeURIComponent(id)}`],
        ['GET', `/companies/${encodeURIComponent(id)}/edit`],
        ['PUT', `/companies/${encodeURIComponent(id)}`],
        ['DELETE', `/companies/${encodeURIComponent(id)}`],
      ]) {
        const res = await sa.request(method, url, method === 'PUT' ? { name: 'X' } : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Company not found.' });
      }
    }
  });

  it('GET /companies/create answers the form: name required, then the address', async () => {
    const { data, fields } = (await sa.get('/companies/create')).json();
    expect(data).toEqual({});
    expect(fields.map((g: { group: string }) => g.group)).toEqual(['Company', 'Address']);
    expect(fields.flatMap((g: { fields: { name: string }[] }) => g.fields.map((f) => f.name))).toEqual([
      'name',
      'address_line_1',
      'address_line_2',
      'city',
      'county',
      'postcode',
    ]);
    expect(fields[0].fields[0]).toMatchObject({ name: 'name', type: 'text', required: true });
  });
});
