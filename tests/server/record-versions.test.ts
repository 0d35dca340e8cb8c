// Versions and conflicts (docs/resources.md "Versions and conflicts"): every declared record carries a
// version raised by each change; reads answer it (the record's `version`, the ETag); a PUT or DELETE
// based on an older version (If-Match, or the body's `version`) answers 409 with the fields changed
// since, their values, who and when, and changes nothing; of two parallel saves of one version
// exactly one wins. On units, users (a hooked write), a resource declared only in the test tree and a
// reference emptied by a delete. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { units, users } from '../../server/db/schema';
import { createTestApp, type TestApp } from './harness';
import { auditFor, count, createProperty, createUnit, createWorld, type World } from './resources-fixtures';
import { createUser } from './factories';
import { uniqueIp } from './auth-client';
import { createSuppliersTable, supplierCrud } from './supplier-resource';
import { createGadgetsTable, gadgetCrud } from './throwaway-resource';

let t: TestApp;
let w: World;
const db = () => t.database.db;

type Who = 'admin' | 'super_admin';
/** A request as `who` in the own company, with extra headers (If-Match). */
const call = (
  who: Who,
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  body?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...w.headers[who], 'x-tenant': w.own.id, ...headers },
    payload: body,
    remoteAddress: uniqueIp(),
  });
const ifMatch = (v: number | string) => ({ 'if-match': typeof v === 'number' ? `"${v}"` : v });
const unitVersion = async (id: string) =>
  (await db().select({ v: units.version }).from(units).where(eq(units.id, id)))[0]?.v;
const updatedRows = (id: string) =>
  count(db(), sql`select count(*) as n from audit_log where entity_id = ${id} and action like '%.updated'`);

beforeAll(async () => {
  t = await createTestApp({}, { resources: [gadgetCrud.routes, supplierCrud.routes] });
  await createGadgetsTable(db());
  await createSuppliersTable(db());
  w = await createWorld(db());
});
afterAll(() => t.close());

async function newUnit(values: Partial<typeof units.$inferInsert> = {}) {
  const property = await createProperty(db(), w.own.id, { name: `Block ${Math.random().toString(36).slice(2, 7)}` });
  return { property, unit: await createUnit(db(), property, { name: 'Flat 1', bedrooms: 2, ...values }) };
}

describe('a record’s version', () => {
  it('is 1 when made, answered in the record and as the ETag of the read and the edit form, and raised by every change', async () => {
    const { unit } = await newUnit();
    const one = await call('admin', 'GET', `/units/${unit.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.version).toBe(1);
    expect(one.headers.etag).toBe('"1"');
    const edit = await call('admin', 'GET', `/units/${unit.id}/edit`);
    expect(edit.headers.etag).toBe('"1"');
    expect(edit.json().data.version).toBe(1);
    const list = await call('admin', 'GET', `/units?page=1&per_page=50`);
    expect(list.json().data.find((u: { id: string }) => u.id === unit.id).version).toBe(1);

    // Without a version the change is made as before (API clients), and raises it.
    const saved = await call('admin', 'PUT', `/units/${unit.id}`, { name: 'Flat 1A' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ name: 'Flat 1A', version: 2 });
    expect((await call('admin', 'GET', `/units/${unit.id}`)).headers.etag).toBe('"2"');
    // The audit row says which version its change made.
    const audit = await auditFor(db(), unit.id);
    expect(audit.at(-1)?.changes).toEqual({
      name: { before: 'Flat 1', after: 'Flat 1A' },
      version: { before: 1, after: 2 },
    });
    // A create's row starts at 1.
    const created = await call('admin', 'POST', '/units', { name: 'Flat 2', property_id: unit.propertyId });
    expect(created.json().data.version).toBe(1);
    expect((await auditFor(db(), created.json().data.id))[0].changes?.version).toEqual({ after: 1 });
  });

  it('a save of the version as loaded succeeds (If-Match, W/ or the body’s version) and raises it', async () => {
    const { unit } = await newUnit();
    expect((await call('admin', 'PUT', `/units/${unit.id}`, { bedrooms: 3 }, ifMatch(1))).json().data.version).toBe(2);
    expect(
      (await call('admin', 'PUT', `/units/${unit.id}`, { bedrooms: 4 }, ifMatch('W/"2"'))).json().data.version,
    ).toBe(3);
    const byBody = await call('admin', 'PUT', `/units/${unit.id}`, { bedrooms: 5, version: 3 });
    expect(byBody.statusCode).toBe(200);
    expect(byBody.json().data).toMatchObject({ bedrooms: 5, version: 4 });
    // `*` asks for no particular version.
    expect((await call('admin', 'PUT', `/units/${unit.id}`, { bedrooms: 1 }, ifMatch('*'))).statusCode).toBe(200);
    expect(await unitVersion(unit.id)).toBe(5);
  });
});

describe('a save based on an older version', () => {
  it('answers 409 with each field changed since, its value now, yours, who and when — and changes nothing', async () => {
    const { unit, property } = await newUnit({ bedrooms: 2 });
    const other = await createProperty(db(), w.own.id, { name: 'Harbour View' });
    // Someone else saves twice meanwhile: the name, then the name again and the property.
    expect((await call('super_admin', 'PUT', `/units/${unit.id}`, { name: 'Theirs 1' }, ifMatch(1))).statusCode).toBe(
      200,
    );
    expect(
      (await call('super_admin', 'PUT', `/units/${unit.id}`, { name: 'Theirs 2', property_id: other.id }, ifMatch(2)))
        .statusCode,
    ).toBe(200);
    const rowsBefore = await updatedRows(unit.id);

    const stale = await call(
      'admin',
      'PUT',
      `/units/${unit.id}`,
      { name: 'Mine', bedrooms: 5, property_id: property.id },
      ifMatch(1),
    );
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body.message).toBe(
      'This unit was changed by someone else since version 1 (it is at version 3 now). Nothing was saved; send version 3 to save over those changes.',
    );
    expect(body.conflict).toMatchObject({ version: 3, since: 1 });
    const by = { id: w.users.super_admin.id, name: 'The super_admin' };
    expect(body.conflict.changes).toEqual([
      { field: 'name', label: 'Unit name', yours: 'Mine', theirs: 'Theirs 2', by, at: expect.any(String) },
      { field: 'property_id', label: 'Property', yours: property.id, theirs: other.id, by, at: expect.any(String) },
    ]);
    expect(Date.parse(body.conflict.changes[0].at)).toBeGreaterThan(Date.now() - 60_000);
    // Nothing written: not the record, not its version, no audit row.
    expect(await unitVersion(unit.id)).toBe(3);
    expect((await call('admin', 'GET', `/units/${unit.id}`)).json().data).toMatchObject({
      name: 'Theirs 2',
      bedrooms: 2,
      property_id: other.id,
    });
    expect(await updatedRows(unit.id)).toBe(rowsBefore);

    // The body's version is judged alike; saving over their changes with the version now succeeds.
    expect((await call('admin', 'PUT', `/units/${unit.id}`, { name: 'Mine', version: 2 })).statusCode).toBe(409);
    const over = await call('admin', 'PUT', `/units/${unit.id}`, { name: 'Mine', version: 3 });
    expect(over.statusCode).toBe(200);
    expect(over.json().data).toMatchObject({ name: 'Mine', version: 4 });
  });

  it('If-Match wins over the body’s version; a malformed one answers 422; without either, the save is made (as before)', async () => {
    const { unit } = await newUnit();
    await call('admin', 'PUT', `/units/${unit.id}`, { bedrooms: 4 });
    expect((await call('admin', 'PUT', `/units/${unit.id}`, { bedrooms: 5, version: 2 }, ifMatch(1))).statusCode).toBe(
      409,
    );
    expect((await call('admin', 'PUT', `/units/${unit.id}`, { bedrooms: 5, version: 1 }, ifMatch(2))).statusCode).toBe(
      200,
    );
    for (const bad of ['3', '"x"', '"0"', '"1", "2"']) {
      const res = await call('admin', 'PUT', `/units/${unit.id}`, { bedrooms: 1 }, ifMatch(bad));
      expect(res.statusCode, bad).toBe(422);
    }
    expect((await call('admin', 'PUT', `/units/${unit.id}`, { bedrooms: 1, version: 0 })).statusCode).toBe(422);
    // A version past any a record can reach is simply not the record's.
    expect((await call('admin', 'PUT', `/units/${unit.id}`, { bedrooms: 1 }, ifMatch(9999999999))).statusCode).toBe(
      409,
    );
    const plain = await call('admin', 'PUT', `/units/${unit.id}`, { bedrooms: 6 });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data.version).toBe(4);
  });

  it('of two parallel saves of one version, exactly one wins; the other answers 409 and the audit holds the winner’s change only', async () => {
    for (let round = 0; round < 3; round++) {
      const { unit } = await newUnit();
      const rowsBefore = await updatedRows(unit.id);
      const [a, b] = await Promise.all([
        call('admin', 'PUT', `/units/${unit.id}`, { name: 'From A', bedrooms: 3 }, ifMatch(1)),
        call('super_admin', 'PUT', `/units/${unit.id}`, { name: 'From B', bedrooms: 4 }, ifMatch(1)),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
      const winner = won.json().data.name as string;
      expect(lost.json().conflict).toMatchObject({ version: 2, since: 1 });
      expect(lost.json().conflict.changes.map((c: { field: string; theirs: unknown }) => [c.field, c.theirs])).toEqual([
        ['name', winner],
        ['bedrooms', winner === 'From A' ? 3 : 4],
      ]);
      expect((await call('admin', 'GET', `/units/${unit.id}`)).json().data).toMatchObject({ name: winner, version: 2 });
      expect(await updatedRows(unit.id)).toBe(rowsBefore + 1);
      const last = (await auditFor(db(), unit.id)).at(-1);
      expect(last?.changes?.name).toEqual({ before: 'Flat 1', after: winner });
    }
  });

  it('a save that changes nothing leaves the version, so it disturbs no other editor', async () => {
    const { unit } = await newUnit();
    const same = await call('admin', 'PUT', `/units/${unit.id}`, { name: 'Flat 1', bedrooms: 2 }, ifMatch(1));
    expect(same.statusCode).toBe(200);
    expect(same.json().data.version).toBe(1);
    expect((await call('super_admin', 'PUT', `/units/${unit.id}`, { bedrooms: 3 }, ifMatch(1))).statusCode).toBe(200);
  });

  it('parallel saves without a version all succeed, each raising it, each audited against the one before', async () => {
    const { unit } = await newUnit();
    const answers = await Promise.all(
      ['A', 'B', 'C'].map((n) => call('admin', 'PUT', `/units/${unit.id}`, { name: n })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await unitVersion(unit.id)).toBe(4);
    const changes = (await auditFor(db(), unit.id)).map((r) => r.changes?.version);
    expect(changes).toEqual([
      { before: 1, after: 2 },
      { before: 2, after: 3 },
      { before: 3, after: 4 },
    ]);
  });
});

describe('a delete based on an older version', () => {
  it('answers 409 with what changed, and the record stays; with the version now it deletes', async () => {
    const { unit } = await newUnit();
    await call('super_admin', 'PUT', `/units/${unit.id}`, { bedrooms: 7 });
    const stale = await call('admin', 'DELETE', `/units/${unit.id}`, undefined, ifMatch(1));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().conflict).toMatchObject({
      version: 2,
      since: 1,
      changes: [{ field: 'bedrooms', label: 'Bedrooms', theirs: 7, by: { id: w.users.super_admin.id } }],
    });
    expect(stale.json().conflict.changes[0]).not.toHaveProperty('yours');
    expect((await call('admin', 'GET', `/units/${unit.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/units/${unit.id}`, undefined, ifMatch(2))).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/units/${unit.id}`)).statusCode).toBe(404);
  });

  it('racing a save of the same version: exactly one of them happens', async () => {
    const { unit } = await newUnit();
    const [put, del] = await Promise.all([
      call('super_admin', 'PUT', `/units/${unit.id}`, { name: 'Kept' }, ifMatch(1)),
      call('admin', 'DELETE', `/units/${unit.id}`, undefined, ifMatch(1)),
    ]);
    expect([put.statusCode, del.statusCode].filter((s) => s === 200)).toHaveLength(1);
    // The loser: 409 when the save won; 404 or 409 for the save when the delete won.
    if (put.statusCode === 200) expect(del.statusCode).toBe(409);
    else expect([404, 409]).toContain(put.statusCode);
  });
});

describe('every declared resource', () => {
  it('users: the hooked write raises the version and refuses an older one', async () => {
    const user = await createUser(db(), { companies: [w.own], name: 'Vera Version' });
    const one = await call('super_admin', 'GET', `/users/${user.id}`);
    expect(one.json().data.version).toBe(1);
    expect(one.headers.etag).toBe('"1"');
    expect((await call('super_admin', 'GET', `/users/${user.id}/edit`)).json().data.version).toBe(1);
    const saved = await call('super_admin', 'PUT', `/users/${user.id}`, { name: 'Vera Two' }, ifMatch(1));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.version).toBe(2);
    const stale = await call('admin', 'PUT', `/users/${user.id}`, { name: 'Vera Mine' }, ifMatch(1));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().conflict).toMatchObject({
      version: 2,
      since: 1,
      changes: [{ field: 'name', label: 'Name', yours: 'Vera Mine', theirs: 'Vera Two' }],
    });
    expect(
      (await db().select({ name: users.name, v: users.version }).from(users).where(eq(users.id, user.id)))[0],
    ).toEqual({ name: 'Vera Two', v: 2 });
    const [a, b] = await Promise.all([
      call('super_admin', 'PUT', `/users/${user.id}`, { name: 'Race A' }, ifMatch(2)),
      call('admin', 'PUT', `/users/${user.id}`, { name: 'Race B' }, ifMatch(2)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('a resource declared in the test tree gets versions, ETags and conflicts with no code of its own', async () => {
    const { property } = await newUnit();
    const made = await call('admin', 'POST', '/gadgets', { name: 'Sprocket', property_id: property.id });
    const id = made.json().data.id;
    expect(made.json().data.version).toBe(1);
    expect((await call('admin', 'GET', `/gadgets/${id}`)).headers.etag).toBe('"1"');
    expect((await call('super_admin', 'PUT', `/gadgets/${id}`, { colour: 'Red' }, ifMatch(1))).statusCode).toBe(200);
    const stale = await call('admin', 'PUT', `/gadgets/${id}`, { colour: 'Blue', weight: 2 }, ifMatch(1));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().conflict.changes).toEqual([
      {
        field: 'colour',
        label: 'Colour',
        yours: 'Blue',
        theirs: 'Red',
        by: { id: w.users.super_admin.id, name: 'The super_admin' },
        at: expect.any(String),
      },
    ]);
    expect((await call('admin', 'DELETE', `/gadgets/${id}`, undefined, ifMatch(1))).statusCode).toBe(409);
    expect((await call('admin', 'DELETE', `/gadgets/${id}`, undefined, ifMatch(2))).statusCode).toBe(200);
  });

  it("a reference emptied by a delete ('set null') raises the version, so a save of the record as it was answers 409", async () => {
    const fallback = await createProperty(db(), w.own.id, { name: 'Fallback House' });
    const made = await call('admin', 'POST', '/suppliers', { name: 'Acme', fallback_property_id: fallback.id });
    const id = made.json().data.id;
    expect(made.json().data.version).toBe(1);
    expect((await call('admin', 'DELETE', `/properties/${fallback.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/suppliers/${id}`)).json().data).toMatchObject({
      fallback_property_id: null,
      version: 2,
    });
    const stale = await call(
      'admin',
      'PUT',
      `/suppliers/${id}`,
      { name: 'Acme Ltd', fallback_property_id: fallback.id },
      ifMatch(1),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().conflict.changes).toEqual([
      {
        field: 'fallback_property_id',
        label: 'Fallback property',
        yours: fallback.id,
        theirs: null,
        by: { id: w.users.admin.id, name: 'The admin' },
        at: expect.any(String),
      },
    ]);
  });
});

describe('the OpenAPI document', () => {
  it('documents the ETag’s version, If-Match and the 409 with its conflict on PUT and DELETE', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const method of ['put', 'delete']) {
      const op = doc.paths['/api/v1/units/{id}'][method];
      const header = op.parameters.find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'if-match',
      );
      expect(header, method).toBeDefined();
      expect(header.schema.pattern).toBeDefined();
      const conflict = op.responses['409'].content['application/json'].schema;
      expect(conflict.properties.conflict.properties.changes.items.required).toEqual(
        expect.arrayContaining(['field', 'label', 'theirs', 'by', 'at']),
      );
    }
    const put = doc.paths['/api/v1/units/{id}'].put;
    expect(put.requestBody.content['application/json'].schema.properties.version).toMatchObject({
      type: 'integer',
      minimum: 1,
    });
    const read = doc.paths['/api/v1/units/{id}'].get.responses['200'].content['application/json'].schema;
    expect(read.properties.data.properties.version).toMatchObject({ type: 'integer' });
  });
});
