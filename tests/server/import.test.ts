// CSV import (docs/resources.md "Import"): the template, a dry run that writes nothing, an import that
// creates and a second one of the same file that updates, row errors counted exactly and downloadable,
// references by name or key within the company, bad files refused, one import per company at a time,
// another company's import not found, a stopped import marked failed, and the job run once by several
// instances on one database; a units batch (set-based) answering each row as a single create or update
// would — its errors, audit rows, a concurrent create, a batch the database refuses run row by row — and
// money, multi-choice and conditional fields through it. On properties, units and lettings (a test-only
// resource); PGlite, and PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { IMPORT_TIMING } from '../../server/imports/jobs';
import { IMPORT_ROW_BATCH } from '../../contract/imports';
import { createTestApp, type TestApp } from './harness';
import { count, createProperty, createWorld, type World } from './resources-fixtures';
import { uniqueIp } from './auth-client';
import { createRole, createUser, OLYMPUS_GRANTS, tokenFor } from './factories';
import { rowsOf } from './privilege-fixtures';
import { routeTable } from '../../server/http/routeAccess';
import { areaByKey, mayOpenArea } from '../../contract/access';
import { hasPermission } from '../../contract/roles';
import { defineCrud } from '../../server/crud';
import { createLettingsTable, lettingResource, lettings } from './letting-resource';

// Lettings without the binding's beforeChange hook and with a key: money, multi-choice and conditional
// fields through the set-based batch (a resource whose hooks need not see each row goes that way).
const plainLettings = defineCrud({ ...lettingResource, import: { key: ['name'] } }, { table: lettings });

let t: TestApp;
let w: World;
const db = () => t.database.db;

type Who = 'admin' | 'super_admin' | 'system_user' | 'none';
const post = (who: Who, path: string, csv: string | Buffer, query = '', tenant?: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: `/api/v1${path}/import${query}`,
    headers: { ...w.headers[who], 'x-tenant': tenant ?? w.own.id, 'content-type': 'text/csv' },
    payload: csv,
    remoteAddress: uniqueIp(),
  });
const get = (who: Who, url: string, tenant?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { ...w.headers[who], 'x-tenant': tenant ?? w.own.id },
    remoteAddress: uniqueIp(),
  });

interface Status {
  state: string;
  message: string | null;
  counts: { rows: number; done: number; created: number; updated: number; failed: number };
  errors: { row: number; field: string; message: string }[];
  preview: { row: number; action: string }[];
  mapping: Record<string, string>;
}

/** Waits for an import to end (the runner works on its own; the machine may be busy). */
async function finished(id: string, who: Who = 'admin'): Promise<Status> {
  for (let i = 0; i < 1200; i++) {
    const res = await get(who, `/imports/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Status;
    if (data.state === 'succeeded' || data.state === 'failed') return data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`import ${id} did not finish`);
}

async function imported(who: Who, path: string, csv: string, query = ''): Promise<Status & { id: string }> {
  const res = await post(who, path, csv, query);
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json().data as { id: string };
  return { id, ...(await finished(id, who)) };
}

const tag = () => Math.random().toString(36).slice(2, 8);
const propertiesOf = (company: string) =>
  count(db(), sql`select count(*) as n from properties where company_id = ${company}`);
const auditTotal = () => count(db(), sql`select count(*) as n from audit_log where action not like 'auth.%'`);

beforeAll(async () => {
  t = await createTestApp({}, { resources: [plainLettings.routes] });
  await createLettingsTable(db());
  w = await createWorld(db());
});
afterAll(() => t.close());

describe('the template', () => {
  it('is the declared columns, labelled as the form labels them', async () => {
    const res = await get('admin', '/units/import/template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.split('\r\n')[0]).toBe(
      'Unit name,Property,Unit reference,Unit type,Unit status,Status since,Short description,Description,Address line 1,Address line 2,Area,City,County,Postcode,Bedrooms,Bathrooms,Size unit,Furnished',
    );
    expect((await get('none', '/units/import/template')).statusCode).toBe(403);
  });

  it('is not offered for users', async () => {
    expect((await get('admin', '/users/import/template')).statusCode).toBe(404);
  });
});

describe('an import of properties', () => {
  it('a dry run checks every row, says what each would do, and writes nothing', async () => {
    const r = tag();
    const existing = await createProperty(db(), w.own.id, { name: `Old ${r}`, reference: `OLD-${r}` });
    const csv = `Property name,Reference,City,Postcode\nNew ${r},NEW-${r},Leeds,LS1 1AA\nRenamed ${r},OLD-${r},York,YO1 1AA\n,BAD-${r},Hull,HU1 1AA\n`;
    const [props, audits] = [await propertiesOf(w.own.id), await auditTotal()];
    const s = await imported('admin', '/properties', csv, '?dry_run=true');
    expect(s.state).toBe('succeeded');
    expect(s.counts).toEqual({ rows: 3, done: 3, created: 1, updated: 1, failed: 1 });
    expect(s.preview).toEqual([
      { row: 2, action: 'create' },
      { row: 3, action: 'update' },
    ]);
    expect(s.errors).toEqual([{ row: 4, field: 'name', message: 'The name field is required.' }]);
    expect(s.mapping).toEqual({ 'Property name': 'name', Reference: 'reference', City: 'city', Postcode: 'postcode' });
    expect(await propertiesOf(w.own.id)).toBe(props);
    expect(await auditTotal()).toBe(audits);
    expect(
      await count(db(), sql`select count(*) as n from properties where id = ${existing.id} and name = ${`Old ${r}`}`),
    ).toBe(1);
  });

  it('takes the file as a multipart form, as a browser or `curl -F` sends it, with dry_run and mapping as its fields', async () => {
    const r = tag();
    const form = (csv: string, fields: Record<string, string> = {}, name = 'file') => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.append(k, v);
      f.append(name, new Blob([csv], { type: 'text/csv' }), 'portfolio.csv');
      return f;
    };
    const send = (payload: FormData, query = '', headers: Record<string, string> = w.headers.admin) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/properties/import${query}`,
        headers: { ...headers, 'x-tenant': w.own.id },
        payload,
        remoteAddress: uniqueIp(),
      });
    const [props, audits] = [await propertiesOf(w.own.id), await auditTotal()];
    // A dry run as a form field: checked, nothing written; the mapping as a field too.
    const dry = await send(
      form(`Label,Ref\nForm ${r},FM-${r}\n`, {
        dry_run: 'true',
        mapping: JSON.stringify({ Label: 'name', Ref: 'reference' }),
      }),
    );
    expect(dry.statusCode, dry.body).toBe(202);
    const checked = await finished(dry.json().data.id as string);
    expect(checked.counts).toMatchObject({ rows: 1, created: 1, failed: 0 });
    expect(checked.mapping).toEqual({ Label: 'name', Ref: 'reference' });
    expect(await propertiesOf(w.own.id)).toBe(props);
    expect(await auditTotal()).toBe(audits);
    // Then for real: the query's dry_run (false) wins over the form's.
    const real = await send(form(`name,reference\nForm ${r},FM-${r}\n`, { dry_run: 'true' }), '?dry_run=false');
    expect(real.statusCode, real.body).toBe(202);
    expect((await finished(real.json().data.id as string)).counts).toMatchObject({ rows: 1, created: 1 });
    expect(
      await count(
        db(),
        sql`select count(*) as n from properties where reference = ${`FM-${r}`} and company_id = ${w.own.id}`,
      ),
    ).toBe(1);

    // Refused, nothing queued: no file part, a file under another name, two files, an unknown field, a bad dry_run, no
    // sign-in.
    const queued = await count(db(), sql`select count(*) as n from imports`);
    const noFile = new FormData();
    noFile.append('dry_run', 'true');
    const two = form(`name\nx\n`);
    two.append('file', new Blob(['name\ny\n']), 'second.csv');
    const cases: [FormData, string][] = [
      [noFile, 'Send the file as text/csv, or as the field "file" of a multipart/form-data form.'],
      [
        form('name\nx\n', {}, 'upload'),
        'The form could not be read: send one file as the field "file", and at most the fields "dry_run" and "mapping".',
      ],
      [
        two,
        'The form could not be read: send one file as the field "file", and at most the fields "dry_run" and "mapping".',
      ],
      [
        form('name\nx\n', { colour: 'red' }),
        'The form could not be read: send one file as the field "file", and at most the fields "dry_run" and "mapping".',
      ],
      [form('name\nx\n', { dry_run: 'maybe' }), 'dry_run must be true or false.'],
      [form('name\nx\u0000y\n'), 'The file contains an invalid character.'],
      [form('a'.repeat(50 * 1024 * 1024 + 1)), 'The file is larger than 50 MB.'],
    ];
    for (const [payload, message] of cases) {
      const res = await send(payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(message);
    }
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/v1/properties/import',
      headers: { 'x-tenant': w.own.id },
      payload: form('name\nx\n'),
      remoteAddress: uniqueIp(),
    });
    // What a cross-site form would send (a form needs no preflight): no token, no CSRF header — refused.
    expect(guest.statusCode).toBe(419);
    // The other routes of the resource take no form: a create sent as one is refused, not half-read.
    const create = new FormData();
    create.append('name', `Form create ${r}`);
    const asForm = await t.app.inject({
      method: 'POST',
      url: '/api/v1/properties',
      headers: { ...w.headers.admin, 'x-tenant': w.own.id },
      payload: create,
      remoteAddress: uniqueIp(),
    });
    expect(asForm.statusCode).toBeGreaterThanOrEqual(400);
    expect(asForm.statusCode).toBeLessThan(500);
    expect(await count(db(), sql`select count(*) as n from properties where name = ${`Form create ${r}`}`)).toBe(0);
    expect(await count(db(), sql`select count(*) as n from imports`)).toBe(queued);
  });

  it('creates, and the same file again updates by the reference rather than duplicating; each row audited with the import', async () => {
    const r = tag();
    const csv = `name,reference,city,postcode,latitude\nA ${r},A-${r},Leeds,LS1 1AA,53.8\nB ${r},B-${r},Leeds,LS2 2AA,\n`;
    const before = await propertiesOf(w.own.id);
    const first = await imported('admin', '/properties', csv);
    expect(first.counts).toEqual({ rows: 2, done: 2, created: 2, updated: 0, failed: 0 });
    expect(await propertiesOf(w.own.id)).toBe(before + 2);
    const again = await imported('admin', '/properties', csv.replace('Leeds,LS1', 'Bradford,LS1'));
    expect(again.counts).toEqual({ rows: 2, done: 2, created: 0, updated: 2, failed: 0 });
    expect(await propertiesOf(w.own.id)).toBe(before + 2);
    expect(
      await count(
        db(),
        sql`select count(*) as n from properties where reference = ${`A-${r}`} and city = 'Bradford' and latitude = 53.8`,
      ),
    ).toBe(1);
    const rows = (await db().execute(
      sql`select action, detail from audit_log where detail->>'import' = ${again.id} order by id`,
    )) as unknown as { rows: { action: string; detail: Record<string, unknown> }[] };
    // The unchanged row is saved too (a save that changes nothing still writes its audit row).
    expect(rows.rows.map((x) => x.action)).toEqual(['property.updated', 'property.updated', 'property.imported']);
    expect(rows.rows[2].detail).toMatchObject({ import: again.id, created: 0, updated: 2, failed: 0 });
  });

  it('refuses a key seen earlier in the file, and keeps formula-like cells as plain text', async () => {
    const r = tag();
    const csv = `name,reference\n=SUM(A1) ${r},F-${r}\nTwice ${r},F-${r}\n"'@cmd ${r}",G-${r}\n`;
    const s = await imported('admin', '/properties', csv);
    expect(s.counts).toMatchObject({ created: 2, failed: 1 });
    expect(s.errors).toEqual([
      { row: 3, field: 'reference', message: 'Row 2 of the file has the same key: a record is imported once.' },
    ]);
    expect(await count(db(), sql`select count(*) as n from properties where name = ${`=SUM(A1) ${r}`}`)).toBe(1);
    expect(await count(db(), sql`select count(*) as n from properties where name = ${`@cmd ${r}`}`)).toBe(1);
  });

  it('a row matching a record needs the update permission: without it that row is refused, the others created', async () => {
    const r = tag();
    await createProperty(db(), w.own.id, { name: `Kept ${r}`, reference: `K-${r}` });
    const role = await createRole(db(), 'Olympus', `importer_${r}`, ['properties.view', 'properties.create']);
    const user = await createUser(db(), { companies: [w.own], name: `Importer ${r}` });
    await db().execute(
      sql`insert into user_systems (user_id, system_id, role_id) values (${user.id}, ${role.systemId}, ${role.id})`,
    );
    const headers = await tokenFor(db(), user.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/properties/import',
      headers: { ...headers, 'x-tenant': w.own.id, 'content-type': 'text/csv' },
      payload: `name,reference\nRenamed ${r},K-${r}\nFresh ${r},N-${r}\n`,
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode, res.body).toBe(202);
    const s = await finished(res.json().data.id);
    expect(s.counts).toMatchObject({ created: 1, updated: 0, failed: 1 });
    expect(s.errors).toEqual([
      { row: 2, field: '', message: 'This row matches an existing property, and you may not update properties.' },
    ]);
    expect(
      await count(
        db(),
        sql`select count(*) as n from properties where reference = ${`K-${r}`} and name = ${`Kept ${r}`}`,
      ),
    ).toBe(1);
  });

  it('a system user without the create permission may not import', async () => {
    expect((await post('none', '/properties', 'name\nX\n')).statusCode).toBe(403);
  });
});

describe('an import of units', () => {
  it('of 1 000 rows with 10 bad ones reports exactly those 10, and the errors file holds them with their reason', async () => {
    const r = tag();
    await createProperty(db(), w.own.id, { name: `Tower ${r}`, reference: `T-${r}` });
    const bad = new Set([5, 77, 150, 333, 499, 500, 501, 640, 888, 999]);
    let csv = 'Unit name,Property,Unit reference,Bedrooms,Unit type\n';
    for (let i = 0; i < 1000; i++) {
      const property = i % 2 ? `T-${r}` : `tower ${r}`;
      csv += bad.has(i) ? `Flat ${i},${property},U${i},lots,Flat\n` : `Flat ${i},${property},U${i},${i % 5},studio\n`;
    }
    const s = await imported('admin', '/units', csv);
    expect(s.state).toBe('succeeded');
    expect(s.counts).toEqual({ rows: 1000, done: 1000, created: 990, updated: 0, failed: 10 });
    expect(s.errors.map((e) => e.row)).toEqual([...bad].map((i) => i + 2));
    expect(new Set(s.errors.map((e) => `${e.field}: ${e.message}`))).toEqual(
      new Set(['bedrooms: The bedrooms must be a number.']),
    );
    expect(
      await count(
        db(),
        sql`select count(*) as n from units where unit_ref like 'U%' and unit_type = 'Studio' and company_id = ${w.own.id}`,
      ),
    ).toBeGreaterThanOrEqual(990);

    const file = await get('admin', `/imports/${s.id}/errors.csv`);
    expect(file.statusCode).toBe(200);
    const lines = file.body.trim().split('\r\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('Unit name,Property,Unit reference,Bedrooms,Unit type,Error');
    expect(lines[1]).toBe(`Flat 5,T-${r},U5,lots,Flat,The bedrooms must be a number.`);
    // Batches of 500 rows through every rule: about 20 s on the embedded PGlite of a busy 2-core machine.
  }, 120_000);

  it('refuses a property of another company, by name or reference, as a row error', async () => {
    const r = tag();
    await createProperty(db(), w.other.id, { name: `Foreign ${r}`, reference: `FX-${r}` });
    const s = await imported('admin', '/units', `name,property,unit_ref\nA,Foreign ${r},A1\nB,FX-${r},B1\n`);
    expect(s.counts).toMatchObject({ created: 0, failed: 2 });
    expect(s.errors).toEqual([
      { row: 2, field: 'property_id', message: `No property "Foreign ${r}" in this company.` },
      { row: 3, field: 'property_id', message: `No property "FX-${r}" in this company.` },
    ]);
  });

  it('takes a mapping of the file’s own column names', async () => {
    const r = tag();
    await createProperty(db(), w.own.id, { name: `Mews ${r}` });
    const mapping = encodeURIComponent(JSON.stringify({ Flat: 'name', Building: 'property_id', Notes: '' }));
    const s = await imported(
      'admin',
      '/units',
      `Flat,Building,Notes\nM1 ${r},Mews ${r},ignored\n`,
      `?mapping=${mapping}`,
    );
    expect(s.counts).toMatchObject({ created: 1, failed: 0 });
    expect(s.mapping).toEqual({ Flat: 'name', Building: 'property_id' });
  });
});

describe('a batch of units set-based keeps every rule of a single create or update', () => {
  const unitsWhere = (cond: ReturnType<typeof sql>) =>
    count(db(), sql`select count(*) as n from units where company_id = ${w.own.id} and ${cond}`);

  it('good rows and rows with each kind of error in one batch: exactly those row errors, the rest imported', async () => {
    const r = tag();
    await createProperty(db(), w.own.id, { name: `Quay ${r}`, reference: `Q-${r}` });
    await createProperty(db(), w.own.id, { name: `Twin ${r}`, slug: `twin-a-${r}`, reference: `TA-${r}` });
    await createProperty(db(), w.own.id, { name: `Twin ${r}`, slug: `twin-b-${r}`, reference: `TB-${r}` });
    await createProperty(db(), w.other.id, { name: `Abroad ${r}`, reference: `AB-${r}` });
    const long = 'x'.repeat(256);
    const csv = [
      'Unit name,Property,Unit reference,Unit type,Bedrooms',
      `Good 1,Quay ${r},M1-${r},Flat,1`,
      `Lost,Nowhere ${r},M2-${r},Flat,1`,
      `Twin,Twin ${r},M3-${r},Flat,1`,
      `Castle,Q-${r},M4-${r},Castle,1`,
      `${long},Q-${r},M5-${r},Flat,1`,
      `Good 2,Q-${r},M6-${r},studio,2`,
      `Again,quay ${r},M1-${r},Flat,3`,
      `Abroad,Abroad ${r},M7-${r},Flat,1`,
      `Good 3,TA-${r},M8-${r},House,0`,
    ].join('\n');
    const s = await imported('admin', '/units', csv + '\n');
    expect(s.state).toBe('succeeded');
    expect(s.counts).toEqual({ rows: 9, done: 9, created: 3, updated: 0, failed: 6 });
    expect(s.errors).toEqual([
      { row: 3, field: 'property_id', message: `No property "Nowhere ${r}" in this company.` },
      { row: 4, field: 'property_id', message: `Several property records match "Twin ${r}": use its reference.` },
      { row: 5, field: 'unit_type', message: 'The selected unit type is invalid.' },
      { row: 6, field: 'name', message: 'The name may not be greater than 255 characters.' },
      { row: 8, field: 'unit_ref', message: 'Row 2 of the file has the same key: a record is imported once.' },
      { row: 9, field: 'property_id', message: `No property "Abroad ${r}" in this company.` },
    ]);
    expect(await unitsWhere(sql`unit_ref like ${`M%-${r}`}`)).toBe(3);
    expect(await unitsWhere(sql`unit_ref = ${`M1-${r}`} and name = 'Good 1' and bedrooms = 1`)).toBe(1);
    expect(await unitsWhere(sql`unit_ref = ${`M6-${r}`} and unit_type = 'Studio'`)).toBe(1);
  });

  it('audits each record once with the import: version 1 when created, raised by a change, kept by a save that changes nothing', async () => {
    const r = tag();
    const property = await createProperty(db(), w.own.id, { name: `Audit ${r}` });
    const file = (second: string) =>
      `name,property,unit_ref,bedrooms\nFirst ${r},Audit ${r},A1-${r},1\n${second},Audit ${r},A2-${r},2\n`;
    const made = await imported('admin', '/units', file(`Second ${r}`));
    expect(made.counts).toMatchObject({ created: 2, failed: 0 });
    const auditOf = (id: string) =>
      rowsOf<{
        action: string;
        entity_id: string;
        actor_id: string;
        tenant_id: string;
        changes: Record<string, { before?: unknown; after?: unknown }>;
      }>(
        db(),
        sql`select action, entity_id, actor_id, tenant_id, changes from audit_log where detail->>'import' = ${id} and action in ('unit.created', 'unit.updated') order by id`,
      );
    const created = await auditOf(made.id);
    expect(created.map((a) => a.action)).toEqual(['unit.created', 'unit.created']);
    expect(
      created.every(
        (a) => a.actor_id === w.users.admin.id && a.tenant_id === w.own.id && a.changes.version.after === 1,
      ),
    ).toBe(true);
    expect(created[0].changes.name).toEqual({ after: `First ${r}` });
    expect(created[0].changes.property).toEqual({ after: { uuid: property.id, name: `Audit ${r}` } });
    // The same keys a single create's audit row holds.
    const single = await t.app.inject({
      method: 'POST',
      url: '/api/v1/units',
      headers: { ...w.headers.admin, 'x-tenant': w.own.id },
      payload: { name: `Single ${r}`, property_id: property.id, bedrooms: 1 },
      remoteAddress: uniqueIp(),
    });
    expect(single.statusCode, single.body).toBe(201);
    const [one] = await rowsOf<{ changes: Record<string, unknown> }>(
      db(),
      sql`select changes from audit_log where entity_id = ${single.json().data.id} and action = 'unit.created'`,
    );
    expect(Object.keys(created[0].changes).sort()).toEqual(Object.keys(one.changes).sort());

    const again = await imported('admin', '/units', file(`Renamed ${r}`));
    expect(again.counts).toMatchObject({ created: 0, updated: 2, failed: 0 });
    const updated = await auditOf(again.id);
    expect(updated.map((a) => [a.action, a.entity_id])).toEqual([
      ['unit.updated', created[0].entity_id],
      ['unit.updated', created[1].entity_id],
    ]);
    expect(updated[0].changes).toEqual({});
    expect(updated[1].changes).toEqual({
      name: { before: `Second ${r}`, after: `Renamed ${r}` },
      version: { before: 1, after: 2 },
    });
    expect(await unitsWhere(sql`id = ${created[0].entity_id} and version = 1`)).toBe(1);
    expect(await unitsWhere(sql`id = ${created[1].entity_id} and version = 2 and name = ${`Renamed ${r}`}`)).toBe(1);
  });

  it('a unit created by a single request while the import runs is updated by its row, not made twice, and nobody gets a 500', async () => {
    const r = tag();
    const property = await createProperty(db(), w.own.id, { name: `Race ${r}` });
    let csv = 'name,property,unit_ref\n';
    for (let i = 0; i < 1500; i++) csv += `Race ${i},Race ${r},R${i}-${r}\n`;
    const res = await post('admin', '/units', csv);
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.id as string;
    // Once the first batch is in, the key of a row of the last batch is made by a single create.
    for (let i = 0; i < 2400 && (await count(db(), sql`select done as n from imports where id = ${id}`)) < 500; i++)
      await new Promise((x) => setTimeout(x, 25));
    const single = await t.app.inject({
      method: 'POST',
      url: '/api/v1/units',
      headers: { ...w.headers.admin, 'x-tenant': w.own.id },
      payload: { name: 'Made meanwhile', property_id: property.id, unit_ref: `R1400-${r}` },
      remoteAddress: uniqueIp(),
    });
    expect(single.statusCode, single.body).toBe(201);
    const s = await finished(id);
    expect(s.state).toBe('succeeded');
    expect(s.counts).toEqual({ rows: 1500, done: 1500, created: 1499, updated: 1, failed: 0 });
    expect(await unitsWhere(sql`unit_ref = ${`R1400-${r}`}`)).toBe(1);
    expect(await unitsWhere(sql`unit_ref = ${`R1400-${r}`} and name = 'Race 1400' and version = 2`)).toBe(1);
    expect(await unitsWhere(sql`unit_ref like ${`R%-${r}`}`)).toBe(1500);
  }, 120_000);

  it('a batch the database refuses goes row by row: each row answers for itself, the others are kept', async () => {
    const r = tag();
    await createProperty(db(), w.own.id, { name: `Refused ${r}` });
    // As a foreign key broken by a concurrent request would: the database refuses one row's write.
    await db().execute(
      sql.raw(`create function refuse_unit_${r}() returns trigger language plpgsql as $$ begin
      if new.unit_ref = 'BOOM-${r}' then raise exception 'gone' using errcode = '23503'; end if; return new; end $$`),
    );
    await db().execute(
      sql.raw(
        `create trigger refuse_unit_${r} before insert on units for each row execute function refuse_unit_${r}()`,
      ),
    );
    try {
      const s = await imported(
        'admin',
        '/units',
        `name,property,unit_ref\nOne,Refused ${r},B1-${r}\nBoom,Refused ${r},BOOM-${r}\nTwo,Refused ${r},B2-${r}\n`,
      );
      expect(s.state).toBe('succeeded');
      expect(s.counts).toEqual({ rows: 3, done: 3, created: 2, updated: 0, failed: 1 });
      expect(s.errors).toEqual([
        { row: 3, field: '', message: 'Something this record refers to was removed meanwhile. Please try again.' },
      ]);
      expect(await unitsWhere(sql`unit_ref in (${`B1-${r}`}, ${`B2-${r}`})`)).toBe(2);
      expect(
        await count(
          db(),
          sql`select count(*) as n from audit_log where action = 'unit.created' and detail->>'import' = ${s.id}`,
        ),
      ).toBe(2);
    } finally {
      await db().execute(sql.raw(`drop trigger refuse_unit_${r} on units`));
      await db().execute(sql.raw(`drop function refuse_unit_${r}()`));
    }
  });

  it('money, multi-choice and conditional fields: checked and written as a single save does, on create and update', async () => {
    const r = tag();
    const csv = (rent: string, amenities: string) =>
      [
        'name,rent,tenure,amenities,portal,listing_id,pets,pet_deposit',
        `Let A ${r},${rent},Licence,"${amenities}",Rightmove,RM-1,no,`,
        `Let B ${r},900,Licence,,Rightmove,,no,`,
        `Let C ${r},12.345,Licence,,None,,no,`,
        `Let D ${r},800,Company let,Garden,Zoopla,ignored,yes,150`,
      ].join('\n') + '\n';
    const first = await imported('admin', '/lettings', csv('1250', 'Lift;Parking'));
    expect(first.counts).toMatchObject({ created: 2, updated: 0, failed: 2 });
    expect(first.errors).toEqual([
      { row: 3, field: 'listing_id', message: 'The listing id field is required when portal is Rightmove.' },
      { row: 4, field: 'rent', message: 'The rent must be an amount with at most 2 decimal places, such as 1250.50.' },
    ]);
    const stored = () =>
      rowsOf<{
        name: string;
        rent: string;
        amenities: string[];
        listing_id: string | null;
        pet_deposit: string | null;
        version: number;
      }>(
        db(),
        sql`select name, rent::text as rent, amenities, listing_id, pet_deposit::text as pet_deposit, version from lettings where name like ${`Let % ${r}`} order by name`,
      );
    expect(await stored()).toEqual([
      {
        name: `Let A ${r}`,
        rent: '1250.00',
        amenities: ['Parking', 'Lift'],
        listing_id: 'RM-1',
        pet_deposit: null,
        version: 1,
      },
      // Hidden while the portal is not Rightmove: cleared, whatever was sent.
      {
        name: `Let D ${r}`,
        rent: '800.00',
        amenities: ['Garden'],
        listing_id: null,
        pet_deposit: '150.00',
        version: 1,
      },
    ]);
    const again = await imported('admin', '/lettings', csv('1300.5', 'Garden'));
    expect(again.counts).toMatchObject({ created: 0, updated: 2, failed: 2 });
    expect(await stored()).toEqual([
      { name: `Let A ${r}`, rent: '1300.50', amenities: ['Garden'], listing_id: 'RM-1', pet_deposit: null, version: 2 },
      {
        name: `Let D ${r}`,
        rent: '800.00',
        amenities: ['Garden'],
        listing_id: null,
        pet_deposit: '150.00',
        version: 1,
      },
    ]);
  });
});

describe('files as spreadsheets save them', () => {
  it('semicolons as separators, a byte-order mark, CRLF, quoted cells with commas and doubled quotes, blank lines', async () => {
    const r = tag();
    const csv = `\ufeffname;address_line_1;city;postcode\r\nSemi ${r};"1, ""The"" Yard";Leeds;LS1 1AA\r\n\r\n`;
    const s = await imported('admin', '/properties', csv);
    expect(s.counts).toMatchObject({ rows: 1, created: 1, failed: 0 });
    const made = (await db().execute(
      sql`select address_line_1 from properties where name = ${`Semi ${r}`}`,
    )) as unknown as { rows: { address_line_1: string }[] };
    expect(made.rows).toEqual([{ address_line_1: '1, "The" Yard' }]);
  });
});

describe('files refused', () => {
  const refused = async (csv: string | Buffer, query = '') => {
    const res = await post('admin', '/properties', csv, query);
    expect(res.statusCode, res.body).toBe(422);
    return res.json() as { message: string; errors: Record<string, string[]> };
  };

  it('not UTF-8, no header, no rows, no matching column, a bad mapping, too many rows, too large: 422 saying why, nothing queued', async () => {
    const queued = await count(db(), sql`select count(*) as n from imports`);
    expect((await refused(Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0xfe, 0x41, 0x0a]))).message).toBe(
      'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.',
    );
    expect((await refused('')).message).toBe('The file has no header row: its first line must name the columns.');
    expect((await refused('name\n')).message).toBe('The file has a header row but no rows.');
    expect((await refused('colour,size\nred,1\n')).message).toBe(
      'No column of the file matches a field of the properties: name the columns as the template does.',
    );
    expect(
      (await refused('name\nx\n', `?mapping=${encodeURIComponent('{"name":"password"}')}`)).errors.mapping,
    ).toEqual(['The column "name" is mapped to "password", which is not a field an import fills.']);
    expect((await refused('name\nx\n', '?mapping=nope')).errors.mapping).toEqual([
      'The mapping must be a JSON object of column → field name.',
    ]);
    // A NUL byte cannot be stored: the file is refused before it is read (found in one pass over its bytes).
    expect((await refused('name\nA\u0000B\n')).errors).toEqual({ body: ['The body contains an invalid character.'] });
    expect((await refused('name,city\n"Unclosed,Leeds\n')).message).toBe(
      'The file ends inside a quoted cell: a double quote is missing.',
    );
    expect((await refused('name\n' + 'x\n'.repeat(200_001))).message).toBe(
      'The file has more than 200,000 rows. Split it and import each part.',
    );
    expect((await refused(Buffer.alloc(50 * 1024 * 1024 + 1, 0x61))).message).toBe('The file is larger than 50 MB.');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/properties/import',
      headers: { ...w.headers.admin, 'x-tenant': w.own.id },
      payload: { name: 'x' },
      remoteAddress: uniqueIp(),
    });
    expect(json.statusCode).toBe(422);
    expect(json.json().message).toBe(
      'Send the file as text/csv, or as the field "file" of a multipart/form-data form.',
    );
    expect(await count(db(), sql`select count(*) as n from imports`)).toBe(queued);
  });
});

describe('imports as jobs', () => {
  it('one import per company at a time: 409 while one is queued or running; another company may', async () => {
    const [{ id }] = (
      (await db()
        .execute(sql`insert into imports (resource, company_id, user_id, caller, dry_run, mapping, content, state, owner, heartbeat_at)
        values ('properties', ${w.own.id}, ${w.users.admin.id}, '{}'::jsonb, false, '{}'::jsonb, 'name\nx', 'running', 'elsewhere', now()) returning id`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    try {
      const res = await post('admin', '/properties', 'name\nBusy\n');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'An import is already running for this company. Wait for it to finish, then try again.',
      );
      const other = await post('super_admin', '/properties', `name\nElsewhere ${tag()}\n`, '', w.other.id);
      expect(other.statusCode, other.body).toBe(202);
      await finished(other.json().data.id, 'super_admin').catch(() => undefined);
    } finally {
      await db().execute(sql`delete from imports where id = ${id}`);
    }
  });

  it('two imports sent at once for one company: exactly one is queued, the other answers 409', async () => {
    const r = tag();
    // 200 rows each: the winner is still running when the others arrive.
    const file = (i: number) =>
      'name,reference\n' + Array.from({ length: 200 }, (_, j) => `Race ${r} ${i}-${j},RC-${r}-${i}-${j}\n`).join('');
    // Two by the admin and one by the super admin: a caller sends at most IMPORT_UPLOADS_PER_CALLER at once.
    const answers = await Promise.all(
      [1, 2, 3].map((i) => post(i === 3 ? 'super_admin' : 'admin', '/properties', file(i))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409, 409]);
    const queued = answers.find((a) => a.statusCode === 202)!;
    expect((await finished(queued.json().data.id)).counts).toMatchObject({ rows: 200, created: 200 });
    expect(await count(db(), sql`select count(*) as n from properties where reference like ${`RC-${r}-%`}`)).toBe(200);
  });

  it('its status and errors file, as every role, of the own and another company: what the create route needs, else 403; another company’s 404; a guest 401', async () => {
    // The status needs what starting the import needs: the create route's area and permission (the
    // route table, checked against the access rules by authz-matrix.test.ts).
    const create = routeTable(t.app).find((r) => r.method === 'POST' && r.url === '/api/v1/properties')!;
    const made = async (company: string) =>
      rowsOf<{ id: string }>(
        db(),
        sql`insert into imports (resource, company_id, user_id, caller, dry_run, mapping, content, state, finished_at)
          values ('properties', ${company}, ${w.users.admin.id}, '{}'::jsonb, false, '{}'::jsonb, null, 'succeeded', now()) returning id`,
      ).then(([row]) => row.id);
    const imports = { own: await made(w.own.id), other: await made(w.other.id) };
    const want = (caller: Who | 'guest', variant: 'own' | 'other') => {
      if (caller === 'guest') return 401;
      if (variant === 'other') return 404;
      const viewer = {
        role: caller === 'none' ? null : caller,
        permissions: caller === 'none' ? [] : OLYMPUS_GRANTS[caller],
      };
      const allowed =
        mayOpenArea(areaByKey(create.access.area), viewer) &&
        (caller === 'super_admin' || hasPermission(viewer.permissions, create.access.permission));
      return allowed ? 200 : 403;
    };
    const got: string[] = [];
    const wanted: string[] = [];
    for (const caller of ['super_admin', 'admin', 'system_user', 'none', 'guest'] as const) {
      for (const variant of ['own', 'other'] as const) {
        for (const suffix of ['', '/errors.csv']) {
          const url = `/api/v1/imports/${imports[variant]}${suffix}`;
          const headers = { 'x-tenant': w.own.id, ...(caller === 'guest' ? {} : w.headers[caller]) };
          for (const method of ['GET', 'HEAD'] as const) {
            const res = await t.app.inject({ method, url, headers, remoteAddress: uniqueIp() });
            got.push(`${method} ${suffix || '/'} as ${caller} (${variant}): ${res.statusCode}`);
            wanted.push(`${method} ${suffix || '/'} as ${caller} (${variant}): ${want(caller, variant)}`);
          }
        }
      }
    }
    expect(got).toEqual(wanted);
    // Each outcome was seen: the matrix is not all refusals.
    for (const status of [200, 401, 403, 404])
      expect(
        got.some((g) => g.endsWith(`: ${status}`)),
        String(status),
      ).toBe(true);
  });

  it('another company’s import and its errors file are not found; a guest is refused', async () => {
    const s = await imported('admin', '/properties', `name,reference\n,${tag()}\n`);
    // The super admin's company is another one here: X-Tenant of the other company.
    const other = await createWorldUserElsewhere();
    for (const url of [`/imports/${s.id}`, `/imports/${s.id}/errors.csv`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1${url}`,
        headers: { ...other, 'x-tenant': w.other.id },
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode, url).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1${url}`, remoteAddress: uniqueIp() })).statusCode).toBe(
        401,
      );
    }
    expect((await get('admin', '/imports/not-an-id')).statusCode).toBe(404);
  });

  it('a running import whose instance went silent is marked failed with what it had committed', async () => {
    const [{ id }] = (
      (await db()
        .execute(sql`insert into imports (resource, company_id, user_id, caller, dry_run, mapping, content, state, owner, heartbeat_at, rows, done, created, updated)
        values ('properties', ${w.own.id}, ${w.users.admin.id}, '{}'::jsonb, false, '{}'::jsonb, 'name\nx', 'running', 'crashed', now() - interval '1 hour', 1200, 500, 480, 20) returning id`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    t.app.importers.kick();
    const s = await finished(id);
    expect(s.state).toBe('failed');
    expect(s.message).toBe(
      // Properties go row by row: their batches are IMPORT_ROW_BATCH rows.
      `The import stopped after 500 of 1200 rows, as its server stopped: 480 created and 20 updated were kept (whole batches of ${IMPORT_ROW_BATCH} rows). Import the rest again: rows with a key update what was kept.`,
    );
  });

  it('an instance closing mid-import keeps whole batches only and marks the import failed, saying what was kept', async () => {
    const r = tag();
    const a = await buildApp({ config: t.config, database: t.database, logger: false });
    await a.ready();
    let csv = 'name,reference\n';
    // Many batches: the close comes while one of them runs (it finishes that one, then stops).
    for (let i = 0; i < 2600; i++) csv += `Halt ${r} ${i},HT-${r}-${i}\n`;
    // Queued through the instance that then closes: it starts it at once.
    const res = await post('admin', '/properties', csv, '', undefined, a);
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.id as string;
    for (let i = 0; i < 2400 && (await count(db(), sql`select done as n from imports where id = ${id}`)) < 500; i++)
      await new Promise((x) => setTimeout(x, 50));
    await a.close();
    const s = await finished(id);
    expect(s.state).toBe('failed');
    const { done } = s.counts;
    expect(done % IMPORT_ROW_BATCH).toBe(0);
    expect(done).toBeGreaterThanOrEqual(500);
    expect(done).toBeLessThan(2500);
    expect(await count(db(), sql`select count(*) as n from properties where reference like ${`HT-${r}-%`}`)).toBe(done);
    expect(s.message).toBe(
      `The import stopped after ${done} of 2600 rows, as its server stopped: ${done} created and 0 updated were kept (whole batches of ${IMPORT_ROW_BATCH} rows). Import the rest again: rows with a key update what was kept.`,
    );
    // Batches of IMPORT_ROW_BATCH rows through every rule: about 20 s on the embedded PGlite of a busy 2-core machine.
  }, 120_000);

  // An import outlives its request: queued while its starter was allowed, it runs as they are when it runs.
  it.each([
    [
      'is disabled',
      'the account that started it is disabled or gone.',
      async (id: string) => void (await db().execute(sql`update users set disabled_at = now() where id = ${id}`)),
    ],
    [
      'is removed from the company',
      'its starter no longer belongs to the company, or the company is in the trash.',
      async (id: string) =>
        void (await db().execute(sql`delete from user_companies where user_id = ${id} and company_id = ${w.own.id}`)),
    ],
    [
      'loses the create permission (made a system user)',
      'its starter may no longer create these records.',
      async (id: string) => {
        const [{ role }] = await rowsOf<{ role: string }>(
          db(),
          sql`select r.id as role from roles r join systems s on s.id = r.system_id where s.name = 'Olympus' and r.name = 'system_user'`,
        );
        await db().execute(
          sql`update user_systems us set role_id = ${role} from systems s where s.id = us.system_id and s.name = 'Olympus' and us.user_id = ${id}`,
        );
      },
    ],
  ])('a queued import whose starter then %s stops before writing a row, saying why', async (_change, why, revoke) => {
    const r = tag();
    const starter = await createUser(db(), { role: 'admin', companies: [w.own] });
    const auth = {
      userId: starter.id,
      tokenId: null,
      name: starter.name,
      email: starter.email,
      role: 'admin',
      permissions: OLYMPUS_GRANTS.admin,
      companyIds: [w.own.id],
      twoFactorRequired: false,
      amr: ['pwd'],
      authenticatedAt: Date.now(),
    };
    const csv = `name,reference\nRevoked ${r},RV-${r}\n`;
    await revoke(starter.id);
    // As the request queued it, with what the starter held then.
    const [{ id }] = (
      (await db()
        .execute(sql`insert into imports (resource, company_id, user_id, caller, dry_run, mapping, content, rows, header)
        values ('properties', ${w.own.id}, ${starter.id}, ${JSON.stringify({ auth, ip: '203.0.113.9' })}::jsonb, false, ${JSON.stringify({ name: 'name', reference: 'reference' })}::jsonb,
          ${csv}, 1, '["name","reference"]'::jsonb) returning id`)) as unknown as { rows: { id: string }[] }
    ).rows;
    t.app.importers.kick();
    const s = await finished(id, 'super_admin');
    expect(s.state).toBe('failed');
    expect(s.message).toBe(
      `The import stopped after 0 of 1 rows: ${why} 0 created and 0 updated were kept (whole batches of ${IMPORT_ROW_BATCH} rows).`,
    );
    expect(await count(db(), sql`select count(*) as n from properties where reference = ${`RV-${r}`}`)).toBe(0);
  });

  it('runs once with several instances on one database', async () => {
    const r = tag();
    const a = await buildApp({ config: t.config, database: t.database, logger: false });
    const b = await buildApp({ config: t.config, database: t.database, logger: false });
    const saved = IMPORT_TIMING.pollMs;
    IMPORT_TIMING.pollMs = 50;
    try {
      await Promise.all([a.ready(), b.ready()]);
      let csv = 'name,reference\n';
      for (let i = 0; i < 1200; i++) csv += `Twin ${r} ${i},TW-${r}-${i}\n`;
      // Queued through one instance; every instance (this one, a, b and the test's own) looks for work.
      const res = await post('admin', '/properties', csv, '', undefined, a);
      expect(res.statusCode, res.body).toBe(202);
      const s = await finished(res.json().data.id);
      expect(s.counts).toEqual({ rows: 1200, done: 1200, created: 1200, updated: 0, failed: 0 });
      expect(await count(db(), sql`select count(*) as n from properties where reference like ${`TW-${r}-%`}`)).toBe(
        1200,
      );
      expect(
        await count(
          db(),
          sql`select count(*) as n from audit_log where action = 'property.imported' and detail->>'import' = ${res.json().data.id}`,
        ),
      ).toBe(1);
    } finally {
      IMPORT_TIMING.pollMs = saved;
      await a.close();
      await b.close();
    }
    // Batches of 500 rows through every rule: about 20 s on the embedded PGlite of a busy 2-core machine.
  }, 120_000);
});

/** A user of the other company only, who may create properties there. */
async function createWorldUserElsewhere() {
  const user = await createUser(db(), { role: 'admin', companies: [w.other] });
  return tokenFor(db(), user.id);
}
