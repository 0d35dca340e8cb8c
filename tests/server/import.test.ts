// CSV import (docs/resources.md "Import"): the template, a dry run that writes nothing, an import that
// creates and a second one of the same file that updates, row errors counted exactly and downloadable,
// references by name or key within the company, bad files refused, one import per company at a time,
// another company's import not found, a stopped import marked failed, and the job run once by several
// instances on one database. On properties and units; PGlite, and PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { IMPORT_TIMING } from '../../server/imports/jobs';
import { createTestApp, type TestApp } from './harness';
import { count, createProperty, createWorld, type World } from './resources-fixtures';
import { uniqueIp } from './auth-client';
import { createRole, createUser, OLYMPUS_GRANTS, tokenFor } from './factories';
import { rowsOf } from './privilege-fixtures';

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
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...w.headers[who], 'x-tenant': tenant ?? w.own.id }, remoteAddress: uniqueIp() });

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
const propertiesOf = (company: string) => count(db(), sql`select count(*) as n from properties where company_id = ${company}`);
const auditTotal = () => count(db(), sql`select count(*) as n from audit_log where action not like 'auth.%'`);

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
});
afterAll(() => t.close());

describe('the template', () => {
  it('is the declared columns, labelled as the form labels them', async () => {
    const res = await get('admin', '/units/import/template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.split('\r\n')[0]).toBe(
      'Unit name,Property,Unit reference,Unit type,Unit status,Short description,Description,Address line 1,Address line 2,Area,City,County,Postcode,Bedrooms,Bathrooms,Size unit,Furnished',
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
    expect(await count(db(), sql`select count(*) as n from properties where id = ${existing.id} and name = ${`Old ${r}`}`)).toBe(1);
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
      t.app.inject({ method: 'POST', url: `/api/v1/properties/import${query}`, headers: { ...headers, 'x-tenant': w.own.id }, payload, remoteAddress: uniqueIp() });
    const [props, audits] = [await propertiesOf(w.own.id), await auditTotal()];
    // A dry run as a form field: checked, nothing written; the mapping as a field too.
    const dry = await send(form(`Label,Ref\nForm ${r},FM-${r}\n`, { dry_run: 'true', mapping: JSON.stringify({ Label: 'name', Ref: 'reference' }) }));
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
    expect(await count(db(), sql`select count(*) as n from properties where reference = ${`FM-${r}`} and company_id = ${w.own.id}`)).toBe(1);

    // Refused, nothing queued: no file part, a file under another name, two files, an unknown field, a bad dry_run, no sign-in.
    const queued = await count(db(), sql`select count(*) as n from imports`);
    const noFile = new FormData();
    noFile.append('dry_run', 'true');
    const two = form(`name\nx\n`);
    two.append('file', new Blob(['name\ny\n']), 'second.csv');
    const cases: [FormData, string][] = [
      [noFile, 'Send the file as text/csv, or as the field "file" of a multipart/form-data form.'],
      [form('name\nx\n', {}, 'upload'), 'The form could not be read: send one file as the field "file", and at most the fields "dry_run" and "mapping".'],
      [two, 'The form could not be read: send one file as the field "file", and at most the fields "dry_run" and "mapping".'],
      [form('name\nx\n', { colour: 'red' }), 'The form could not be read: send one file as the field "file", and at most the fields "dry_run" and "mapping".'],
      [form('name\nx\n', { dry_run: 'maybe' }), 'dry_run must be true or false.'],
      [form('a'.repeat(50 * 1024 * 1024 + 1)), 'The file is larger than 50 MB.'],
    ];
    for (const [payload, message] of cases) {
      const res = await send(payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(message);
    }
    const guest = await t.app.inject({ method: 'POST', url: '/api/v1/properties/import', headers: { 'x-tenant': w.own.id }, payload: form('name\nx\n'), remoteAddress: uniqueIp() });
    // What a cross-site form would send (a form needs no preflight): no token, no CSRF header — refused.
    expect(guest.statusCode).toBe(419);
    // The other routes of the resource take no form: a create sent as one is refused, not half-read.
    const create = new FormData();
    create.append('name', `Form create ${r}`);
    const asForm = await t.app.inject({ method: 'POST', url: '/api/v1/properties', headers: { ...w.headers.admin, 'x-tenant': w.own.id }, payload: create, remoteAddress: uniqueIp() });
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
    expect(await count(db(), sql`select count(*) as n from properties where reference = ${`A-${r}`} and city = 'Bradford' and latitude = 53.8`)).toBe(1);
    const rows = (await db().execute(sql`select action, detail from audit_log where detail->>'import' = ${again.id} order by id`)) as unknown as { rows: { action: string; detail: Record<string, unknown> }[] };
    // The unchanged row is saved too (a save that changes nothing still writes its audit row).
    expect(rows.rows.map((x) => x.action)).toEqual(['property.updated', 'property.updated', 'property.imported']);
    expect(rows.rows[2].detail).toMatchObject({ import: again.id, created: 0, updated: 2, failed: 0 });
  });

  it('refuses a key seen earlier in the file, and keeps formula-like cells as plain text', async () => {
    const r = tag();
    const csv = `name,reference\n=SUM(A1) ${r},F-${r}\nTwice ${r},F-${r}\n"'@cmd ${r}",G-${r}\n`;
    const s = await imported('admin', '/properties', csv);
    expect(s.counts).toMatchObject({ created: 2, failed: 1 });
    expect(s.errors).toEqual([{ row: 3, field: 'reference', message: 'Row 2 of the file has the same key: a record is imported once.' }]);
    expect(await count(db(), sql`select count(*) as n from properties where name = ${`=SUM(A1) ${r}`}`)).toBe(1);
    expect(await count(db(), sql`select count(*) as n from properties where name = ${`@cmd ${r}`}`)).toBe(1);
  });

  it('a row matching a record needs the update permission: without it that row is refused, the others created', async () => {
    const r = tag();
    await createProperty(db(), w.own.id, { name: `Kept ${r}`, reference: `K-${r}` });
    const role = await createRole(db(), 'Olympus', `importer_${r}`, ['properties.view', 'properties.create']);
    const user = await createUser(db(), { companies: [w.own], name: `Importer ${r}` });
    await db().execute(sql`insert into user_systems (user_id, system_id, role_id) values (${user.id}, ${role.systemId}, ${role.id})`);
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
    expect(s.errors).toEqual([{ row: 2, field: '', message: 'This row matches an existing property, and you may not update properties.' }]);
    expect(await count(db(), sql`select count(*) as n from properties where reference = ${`K-${r}`} and name = ${`Kept ${r}`}`)).toBe(1);
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
    expect(new Set(s.errors.map((e) => `${e.field}: ${e.message}`))).toEqual(new Set(['bedrooms: The bedrooms must be a number.']));
    expect(await count(db(), sql`select count(*) as n from units where unit_ref like 'U%' and unit_type = 'Studio' and company_id = ${w.own.id}`)).toBeGreaterThanOrEqual(990);

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
    const s = await imported('admin', '/units', `Flat,Building,Notes\nM1 ${r},Mews ${r},ignored\n`, `?mapping=${mapping}`);
    expect(s.counts).toMatchObject({ created: 1, failed: 0 });
    expect(s.mapping).toEqual({ Flat: 'name', Building: 'property_id' });
  });
});

describe('files as spreadsheets save them', () => {
  it('semicolons as separators, a byte-order mark, CRLF, quoted cells with commas and doubled quotes, blank lines', async () => {
    const r = tag();
    const csv = `\ufeffname;address_line_1;city;postcode\r\nSemi ${r};"1, ""The"" Yard";Leeds;LS1 1AA\r\n\r\n`;
    const s = await imported('admin', '/properties', csv);
    expect(s.counts).toMatchObject({ rows: 1, created: 1, failed: 0 });
    const made = (await db().execute(sql`select address_line_1 from properties where name = ${`Semi ${r}`}`)) as unknown as { rows: { address_line_1: string }[] };
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
    expect((await refused(Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0xfe, 0x41, 0x0a]))).message).toBe('The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.');
    expect((await refused('')).message).toBe('The file has no header row: its first line must name the columns.');
    expect((await refused('name\n')).message).toBe('The file has a header row but no rows.');
    expect((await refused('colour,size\nred,1\n')).message).toBe('No column of the file matches a field of the properties: name the columns as the template does.');
    expect((await refused('name\nx\n', `?mapping=${encodeURIComponent('{"name":"password"}')}`)).errors.mapping).toEqual([
      'The column "name" is mapped to "password", which is not a field an import fills.',
    ]);
    expect((await refused('name\nx\n', '?mapping=nope')).errors.mapping).toEqual(['The mapping must be a JSON object of column → field name.']);
    expect((await refused('name,city\n"Unclosed,Leeds\n')).message).toBe('The file ends inside a quoted cell: a double quote is missing.');
    expect((await refused('name\n' + 'x\n'.repeat(200_001))).message).toBe('The file has more than 200,000 rows. Split it and import each part.');
    expect((await refused(Buffer.alloc(50 * 1024 * 1024 + 1, 0x61))).message).toBe('The file is larger than 50 MB.');
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/properties/import', headers: { ...w.headers.admin, 'x-tenant': w.own.id }, payload: { name: 'x' }, remoteAddress: uniqueIp() });
    expect(json.statusCode).toBe(422);
    expect(json.json().message).toBe('Send the file as text/csv, or as the field "file" of a multipart/form-data form.');
    expect(await count(db(), sql`select count(*) as n from imports`)).toBe(queued);
  });
});

describe('imports as jobs', () => {
  it('one import per company at a time: 409 while one is queued or running; another company may', async () => {
    const [{ id }] = (
      (await db().execute(sql`insert into imports (resource, company_id, user_id, caller, dry_run, mapping, content, state, owner, heartbeat_at)
        values ('properties', ${w.own.id}, ${w.users.admin.id}, '{}'::jsonb, false, '{}'::jsonb, 'name\nx', 'running', 'elsewhere', now()) returning id`)) as unknown as { rows: { id: string }[] }
    ).rows;
    try {
      const res = await post('admin', '/properties', 'name\nBusy\n');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('An import is already running for this company. Wait for it to finish, then try again.');
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
    const file = (i: number) => 'name,reference\n' + Array.from({ length: 200 }, (_, j) => `Race ${r} ${i}-${j},RC-${r}-${i}-${j}\n`).join('');
    const answers = await Promise.all([1, 2, 3].map((i) => post('admin', '/properties', file(i))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409, 409]);
    const queued = answers.find((a) => a.statusCode === 202)!;
    expect((await finished(queued.json().data.id)).counts).toMatchObject({ rows: 200, created: 200 });
    expect(await count(db(), sql`select count(*) as n from properties where reference like ${`RC-${r}-%`}`)).toBe(200);
  });

  it('another company’s import and its errors file are not found; a guest is refused', async () => {
    const s = await imported('admin', '/properties', `name,reference\n,${tag()}\n`);
    // The super admin's company is another one here: X-Tenant of the other company.
    const other = await createWorldUserElsewhere();
    for (const url of [`/imports/${s.id}`, `/imports/${s.id}/errors.csv`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...other, 'x-tenant': w.other.id }, remoteAddress: uniqueIp() });
      expect(res.statusCode, url).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1${url}`, remoteAddress: uniqueIp() })).statusCode).toBe(401);
    }
    expect((await get('admin', '/imports/not-an-id')).statusCode).toBe(404);
  });

  it('a running import whose instance went silent is marked failed with what it had committed', async () => {
    const [{ id }] = (
      (await db().execute(sql`insert into imports (resource, company_id, user_id, caller, dry_run, mapping, content, state, owner, heartbeat_at, rows, done, created, updated)
        values ('properties', ${w.own.id}, ${w.users.admin.id}, '{}'::jsonb, false, '{}'::jsonb, 'name\nx', 'running', 'crashed', now() - interval '1 hour', 1200, 500, 480, 20) returning id`)) as unknown as { rows: { id: string }[] }
    ).rows;
    t.app.importers.kick();
    const s = await finished(id);
    expect(s.state).toBe('failed');
    expect(s.message).toBe(
      'The import stopped after 500 of 1200 rows, as its server stopped: 480 created and 20 updated were kept (whole batches of 500 rows). Import the rest again: rows with a key update what was kept.',
    );
  });

  it('an instance closing mid-import keeps whole batches only and marks the import failed, saying what was kept', async () => {
    const r = tag();
    const a = await buildApp({ config: t.config, database: t.database, logger: false });
    await a.ready();
    let csv = 'name,reference\n';
    // Six batches: the close comes while one of the first runs (it finishes that one, then stops).
    for (let i = 0; i < 2600; i++) csv += `Halt ${r} ${i},HT-${r}-${i}\n`;
    // Queued through the instance that then closes: it starts it at once.
    const res = await post('admin', '/properties', csv, '', undefined, a);
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.id as string;
    for (let i = 0; i < 2400 && (await count(db(), sql`select done as n from imports where id = ${id}`)) < 500; i++) await new Promise((x) => setTimeout(x, 50));
    await a.close();
    const s = await finished(id);
    expect(s.state).toBe('failed');
    const { done } = s.counts;
    expect(done % 500).toBe(0);
    expect(done).toBeGreaterThanOrEqual(500);
    expect(done).toBeLessThan(2500);
    expect(await count(db(), sql`select count(*) as n from properties where reference like ${`HT-${r}-%`}`)).toBe(done);
    expect(s.message).toBe(
      `The import stopped after ${done} of 2600 rows, as its server stopped: ${done} created and 0 updated were kept (whole batches of 500 rows). Import the rest again: rows with a key update what was kept.`,
    );
    // Batches of 500 rows through every rule: about 20 s on the embedded PGlite of a busy 2-core machine.
  }, 120_000);

  // An import outlives its request: queued while its starter was allowed, it runs as they are when it runs.
  it.each([
    ['is disabled', 'the account that started it is disabled or gone.', async (id: string) => void (await db().execute(sql`update users set disabled_at = now() where id = ${id}`))],
    [
      'is removed from the company',
      'its starter no longer belongs to the company, or the company is in the trash.',
      async (id: string) => void (await db().execute(sql`delete from user_companies where user_id = ${id} and company_id = ${w.own.id}`)),
    ],
    [
      'loses the create permission (made a system user)',
      'its starter may no longer create these records.',
      async (id: string) => {
        const [{ role }] = await rowsOf<{ role: string }>(db(), sql`select r.id as role from roles r join systems s on s.id = r.system_id where s.name = 'Olympus' and r.name = 'system_user'`);
        await db().execute(sql`update user_systems us set role_id = ${role} from systems s where s.id = us.system_id and s.name = 'Olympus' and us.user_id = ${id}`);
      },
    ],
  ])('a queued import whose starter then %s stops before writing a row, saying why', async (_change, why, revoke) => {
    const r = tag();
    const starter = await createUser(db(), { role: 'admin', companies: [w.own] });
    const auth = { userId: starter.id, tokenId: null, name: starter.name, email: starter.email, role: 'admin', permissions: OLYMPUS_GRANTS.admin, companyIds: [w.own.id], twoFactorRequired: false, amr: ['pwd'], authenticatedAt: Date.now() };
    const csv = `name,reference\nRevoked ${r},RV-${r}\n`;
    await revoke(starter.id);
    // As the request queued it, with what the starter held then.
    const [{ id }] = (
      (await db().execute(sql`insert into imports (resource, company_id, user_id, caller, dry_run, mapping, content, rows, header)
        values ('properties', ${w.own.id}, ${starter.id}, ${JSON.stringify({ auth, ip: '203.0.113.9' })}::jsonb, false, ${JSON.stringify({ name: 'name', reference: 'reference' })}::jsonb,
          ${csv}, 1, '["name","reference"]'::jsonb) returning id`)) as unknown as { rows: { id: string }[] }
    ).rows;
    t.app.importers.kick();
    const s = await finished(id, 'super_admin');
    expect(s.state).toBe('failed');
    expect(s.message).toBe(`The import stopped after 0 of 1 rows: ${why} 0 created and 0 updated were kept (whole batches of 500 rows).`);
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
      expect(await count(db(), sql`select count(*) as n from properties where reference like ${`TW-${r}-%`}`)).toBe(1200);
      expect(await count(db(), sql`select count(*) as n from audit_log where action = 'property.imported' and detail->>'import' = ${res.json().data.id}`)).toBe(1);
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
