// The file field kind and its uploads (docs/resources.md "Files", docs/security.md "Uploaded files"),
// on a resource declared only in the test tree (./policy-resource.ts), attacked: types told from the
// bytes (a renamed program is refused), the size bound while streaming (nothing kept past it), names
// with paths and control characters, junk and borrowed upload ids, another company's file, a file of a
// record in the trash, the purge and the sweep of files no record took.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importColumns } from '../../contract/imports';
import { FILE_TYPES, MB, UPLOAD_MB_MAX } from '../../contract/uploads';
import { FILE_MESSAGES } from '../../server/crud/fileFields';
import { UNATTACHED_PER_USER, UPLOAD_MESSAGES } from '../../server/uploads/routes';
import { sweepUploads } from '../../server/uploads/sweep';
import { createRole, createUser, tokenFor } from './factories';
import { createTestApp, type TestApp } from './harness';
import { declaredFixtures } from './declared-fixtures';
import { fuzzer } from './fuzz-attack';
import { junkAttack } from './junk-attack';
import { routeTable } from '../../server/http/routeAccess';
import { apiAs, count, createWorld, type Api, type World } from './resources-fixtures';
import { uniqueIp } from './auth-client';
import { createLicencesTable, createPoliciesTable, licenceCrud, policyCrud, policyResource } from './policy-resource';
import { CERTIFICATE_MB } from '../support/policy-declaration';

let t: TestApp;
let w: World;
let admin: Api;
let otherAdmin: Api;
let colleague: Api;
let viewer: Api;
let superAdmin: Api;
let adminHeaders: { authorization: string };
const db = () => t.database.db;
const uploadRows = () => count(db(), sql`select count(*) as n from uploads`);
const contentRows = () => count(db(), sql`select count(*) as n from upload_contents`);

const pad = (head: Buffer, size = 64) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
export const SAMPLES = {
  pdf: pad(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n')),
  png: pad(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])),
  jpeg: pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0])),
  webp: pad(Buffer.concat([Buffer.from('RIFF'), Buffer.from([56, 0, 0, 0]), Buffer.from('WEBPVP8 ')])),
};
/** A Windows program: "MZ", then its header. */
const EXE = pad(Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff])]));

/** A multipart form with one file part (`disposition` replaces the part's Content-Disposition parameters). */
function form(bytes: Buffer, filename: string, o: { field?: string; type?: string; disposition?: string } = {}) {
  const boundary = `----olympus${Math.random().toString(16).slice(2)}`;
  const params = o.disposition ?? `filename="${filename}"`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${o.field ?? 'file'}"; ${params}\r\nContent-Type: ${o.type ?? 'application/octet-stream'}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

async function send(who: { authorization: string } | null, bytes: Buffer, filename: string, o = {}) {
  const f = form(bytes, filename, o);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...(who ?? {}), 'content-type': f.type },
    payload: f.payload,
    remoteAddress: uniqueIp(),
  });
}

/** Uploads as `who` and answers the upload as the API does. */
async function uploaded(who: { authorization: string }, bytes: Buffer = SAMPLES.pdf, filename = 'policy.pdf') {
  const res = await send(who, bytes, filename);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; name: string; size: number; content_type: string; sha256: string };
}

const download = (who: { authorization: string }, id: string, tenant?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/uploads/${id}`,
    headers: { ...who, ...(tenant ? { 'x-tenant': tenant } : {}) },
    remoteAddress: uniqueIp(),
  });

async function policy(body: Record<string, unknown>, as: Api = admin) {
  const res = await as.post('/policies', { name: 'Buildings cover', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Record<string, unknown> & { id: string };
}

let headers: Record<'colleague' | 'otherAdmin' | 'viewer', { authorization: string }>;

beforeAll(async () => {
  t = await createTestApp({}, { resources: [policyCrud.routes, licenceCrud.routes] });
  await createPoliciesTable(db());
  await createLicencesTable(db());
  w = await createWorld(db());
  adminHeaders = w.headers.admin;
  admin = apiAs(t, w.headers.admin, w.own.id);
  superAdmin = apiAs(t, w.headers.super_admin, w.own.id);
  const other = await createUser(db(), { role: 'admin', companies: [w.other], name: 'Other admin' });
  const mate = await createUser(db(), { role: 'admin', companies: [w.own], name: 'Colleague' });
  // May read the resource's records, but not delete them (so not see its trash).
  await createRole(db(), 'Olympus', 'units_viewer', ['units.view']);
  const look = await createUser(db(), { role: 'units_viewer' as 'admin', companies: [w.own], name: 'Viewer' });
  headers = {
    otherAdmin: await tokenFor(db(), other.id),
    colleague: await tokenFor(db(), mate.id),
    viewer: await tokenFor(db(), look.id),
  };
  otherAdmin = apiAs(t, headers.otherAdmin, w.other.id);
  colleague = apiAs(t, headers.colleague, w.own.id);
  viewer = apiAs(t, headers.viewer, w.own.id);
});
afterAll(() => t.close());

describe('POST /uploads', () => {
  it('takes each type, told by its bytes whatever the client says, and answers its id, name, size, type and SHA-256', async () => {
    for (const [type, bytes] of Object.entries(SAMPLES)) {
      const res = await send(adminHeaders, bytes, `scan.${type}`, { type: 'text/plain' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: `scan.${type === 'jpeg' ? 'jpeg' : type}`,
        size: bytes.length,
        content_type: FILE_TYPES[type as keyof typeof FILE_TYPES].contentType,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
  });

  it('refuses a renamed program, a web page called a PNG and a file too short to tell, keeping nothing', async () => {
    const before = [await uploadRows(), await contentRows()];
    const cases: [Buffer, string, string][] = [
      [EXE, 'evidence.pdf', 'application/pdf'],
      [pad(Buffer.from('<html><script>alert(1)</script></html>')), 'photo.png', 'image/png'],
      [Buffer.from('%PDF'), 'tiny.pdf', 'application/pdf'],
      [pad(Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEfmt ')), 'sound.webp', 'image/webp'],
    ];
    for (const [bytes, name, type] of cases) {
      const res = await send(adminHeaders, bytes, name, { type });
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors, name).toEqual({ file: [UPLOAD_MESSAGES.type] });
    }
    expect([await uploadRows(), await contentRows()]).toEqual(before);
  });

  it(`refuses a file past ${UPLOAD_MB_MAX} MB while it streams, keeping nothing`, async () => {
    const before = [await uploadRows(), await contentRows()];
    const big = Buffer.alloc(UPLOAD_MB_MAX * MB + 1, 0x20);
    SAMPLES.pdf.copy(big);
    const res = await send(adminHeaders, big, 'huge.pdf');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: [UPLOAD_MESSAGES.tooLarge] });
    expect([await uploadRows(), await contentRows()]).toEqual(before);
  }, 60_000);

  it('answers 401 without a session, and keeps nothing', async () => {
    const before = await uploadRows();
    const res = await send(null, SAMPLES.pdf, 'policy.pdf');
    // No CSRF pair either: 419 comes first; with a junk token, 401.
    expect([401, 419]).toContain(res.statusCode);
    const junk = await send({ authorization: 'Bearer junk' }, SAMPLES.pdf, 'policy.pdf');
    expect(junk.statusCode).toBe(401);
    expect(await uploadRows()).toBe(before);
  });

  it(`keeps at most ${UNATTACHED_PER_USER} uploads no record took per user: one more answers 429`, async () => {
    const user = await createUser(db(), { role: 'admin', companies: [w.own], name: 'Hoarder' });
    const who = await tokenFor(db(), user.id);
    await db().execute(sql`insert into uploads (name, size, content_type, sha256, uploaded_by)
      select 'kept.pdf', 1, 'application/pdf', '', ${user.id} from generate_series(1, ${UNATTACHED_PER_USER - 1})`);
    expect((await send(who, SAMPLES.pdf, 'last.pdf')).statusCode).toBe(201);
    const refused = await send(who, SAMPLES.pdf, 'one-more.pdf');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.tooManyKept);
  });

  it('refuses a form that is not one part "file": JSON, another field name, two files', async () => {
    const json = await admin.post('/uploads', { file: 'x' });
    expect(json.statusCode).toBe(422);
    expect((await send(adminHeaders, SAMPLES.pdf, 'a.pdf', { field: 'document' })).statusCode).toBe(422);
    const one = form(SAMPLES.pdf, 'a.pdf');
    const boundary = one.type.split('boundary=')[1];
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const two = Buffer.concat([
      one.payload.subarray(0, one.payload.length - `--${boundary}--\r\n`.length),
      Buffer.from(part),
      SAMPLES.pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...adminHeaders, 'content-type': one.type },
      payload: two,
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(422);
  });

  it('keeps only the last part of a path and no control or direction characters in a name; the download header stays one header', async () => {
    const cases: [string, string][] = [
      ['filename="../../etc/passwd.pdf"', 'passwd.pdf'],
      ['filename="C:\\\\Windows\\\\System32\\\\evil.pdf"', 'evil.pdf'],
      [`filename*=UTF-8''a%01b%1B%7Fc%09d%22%3B%20x%3D1.pdf`, 'abc d"; x=1.pdf'],
      [`filename*=UTF-8''invoice%E2%80%AEfdp.exe`, 'invoicefdp.exe.pdf'],
      ['filename=".htaccess"', 'htaccess.pdf'],
      ['filename=""', 'file.pdf'],
    ];
    for (const [disposition, kept] of cases) {
      const res = await send(adminHeaders, SAMPLES.pdf, '', { disposition });
      expect(res.statusCode, `${disposition} ${res.body}`).toBe(201);
      const { id, name } = res.json().data as { id: string; name: string };
      expect(name, disposition).toBe(kept);
      const got = await download(adminHeaders, id);
      expect(got.statusCode).toBe(200);
      const header = String(got.headers['content-disposition']);
      expect(header).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%._~!-]*$/);
      expect(header.match(/"/g)).toHaveLength(2);
      expect(got.headers['x-evil']).toBeUndefined();
      expect(decodeURIComponent(header.split("filename*=UTF-8''")[1])).toBe(kept);
    }
    // A line break in a name ends the part's headers: the form reader skips the part, and nothing is kept.
    const before = await uploadRows();
    const broken = await send(adminHeaders, SAMPLES.pdf, '', {
      disposition: `filename*=UTF-8''a%0D%0AX-Evil%3A%201.pdf`,
    });
    expect(broken.statusCode).toBe(422);
    expect(await uploadRows()).toBe(before);
  });
});

describe('a file field', () => {
  it('takes the caller’s upload id and reads back as { id, name, size, content_type }, in the record, the list and the edit form', async () => {
    const up = await uploaded(adminHeaders, SAMPLES.pdf, 'Buildings 2026.pdf');
    const made = await policy({ certificate: up.id });
    const file = { id: up.id, name: 'Buildings 2026.pdf', size: SAMPLES.pdf.length, content_type: 'application/pdf' };
    expect(made.certificate).toEqual(file);
    expect(made.photo).toBeNull();
    expect((await admin.get(`/policies/${made.id}`)).json().data.certificate).toEqual(file);
    const list = (await admin.get('/policies')).json().data as Record<string, unknown>[];
    expect(list.find((r) => r.id === made.id)?.certificate).toEqual(file);
    const edit = (await admin.get(`/policies/${made.id}/edit`)).json();
    const field = (edit.fields as { fields: Record<string, unknown>[] }[])
      .flatMap((g) => g.fields)
      .find((f) => f.name === 'certificate');
    expect(field).toMatchObject({ type: 'file', value: up.id, file, max: CERTIFICATE_MB * MB });
    expect(String(field?.accept)).toContain('application/pdf');
  });

  it('refuses junk ids, a colleague’s unattached upload, another record’s file and another company’s, writing nothing', async () => {
    const mine = await uploaded(adminHeaders);
    const theirs = await uploaded(headers.colleague);
    const held = await uploaded(adminHeaders);
    await policy({ certificate: held.id });
    const foreign = await uploaded(headers.otherAdmin);
    const before = await count(db(), sql`select count(*) as n from policies`);
    const cases: unknown[] = [
      'not-an-id',
      '00000000-0000-4000-8000-000000000000',
      theirs.id,
      held.id,
      foreign.id,
      { id: theirs.id, name: 'mine.pdf' },
      { id: 42 },
    ];
    for (const certificate of cases) {
      const res = await admin.post('/policies', { name: 'Contents cover', certificate });
      expect(res.statusCode, JSON.stringify(certificate)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(certificate)).toEqual(['certificate']);
    }
    // A value of the wrong shape is refused on the field too.
    for (const certificate of [42, true, ['x'], {}, { id: null }, { id: 'x'.repeat(65) }, 'x'.repeat(65)]) {
      const res = await admin.post('/policies', { name: 'Contents cover', certificate });
      expect(res.statusCode, JSON.stringify(certificate)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(certificate)).toEqual(['certificate']);
    }
    expect(await count(db(), sql`select count(*) as n from policies`)).toBe(before);
    // Nothing was attached by the refusals: the colleague's upload is still theirs alone.
    expect((await download(headers.colleague, theirs.id)).statusCode).toBe(200);
    expect((await download(adminHeaders, theirs.id)).statusCode).toBe(404);
    // My upload is not my colleague's to attach, though we share a company and a role.
    expect((await colleague.post('/policies', { name: 'Theirs', certificate: mine.id })).statusCode).toBe(422);
    expect((await admin.post('/policies', { name: 'Mine', certificate: mine.id })).statusCode).toBe(201);
  });

  it('lets one of two saves racing for the same upload have it; the other answers 422', async () => {
    const up = await uploaded(adminHeaders);
    const answers = await Promise.all([
      admin.post('/policies', { name: 'Race A', certificate: up.id }),
      admin.post('/policies', { name: 'Race B', certificate: up.id }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    expect(await count(db(), sql`select count(*) as n from policies where certificate = ${up.id}`)).toBe(1);
  });

  it('takes only its declared types and size, told by the bytes', async () => {
    const pdf = await uploaded(adminHeaders);
    const res = await admin.post('/policies', { name: 'Photo cover', photo: pdf.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ photo: [FILE_MESSAGES.type('photo', policyResource.fields.photo)] });
    const big = Buffer.alloc(CERTIFICATE_MB * MB + 1, 0x20);
    SAMPLES.pdf.copy(big);
    const large = await uploaded(adminHeaders, big, 'large.pdf');
    const refused = await admin.post('/policies', { name: 'Large cover', certificate: large.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      certificate: [FILE_MESSAGES.size('certificate', policyResource.fields.certificate)],
    });
  });

  it('keeps its file when sent back as read, replaces and removes it, and the history names each file', async () => {
    const first = await uploaded(adminHeaders, SAMPLES.pdf, 'first.pdf');
    const made = await policy({ certificate: first.id });
    const again = await admin.put(`/policies/${made.id}`, { certificate: made.certificate });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.version).toBe(made.version);
    const second = await uploaded(adminHeaders, SAMPLES.png, 'second.png');
    const replaced = await admin.put(`/policies/${made.id}`, { certificate: second.id });
    expect(replaced.json().data.certificate.name).toBe('second.png');
    const removed = await admin.put(`/policies/${made.id}`, { certificate: null });
    expect(removed.json().data.certificate).toBeNull();
    const history = (await admin.get(`/policies/${made.id}/history`)).json().data as {
      changes: { field: string; before: { name: string } | null; after: { name: string } | null }[];
    }[];
    const names = history
      .flatMap((e) => e.changes)
      .filter((c) => c.field === 'certificate')
      .map((c) => [c.before?.name ?? null, c.after?.name ?? null]);
    expect(names).toEqual([
      ['second.png', null],
      ['first.pdf', 'second.png'],
      [null, 'first.pdf'],
    ]);
    // A file the record held before may come back (a history restore), another record may not take it.
    const back = await admin.put(`/policies/${made.id}`, { certificate: first.id });
    expect(back.statusCode, back.body).toBe(200);
    expect((await admin.post('/policies', { name: 'Thief', certificate: second.id })).statusCode).toBe(422);
  });

  it('required: missing, null or blank answers "The … field is required.", on create and on update', async () => {
    for (const body of [{}, { certificate: null }, { certificate: '' }]) {
      const res = await admin.post('/licences', { name: 'HMO licence', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual({ certificate: ['The certificate field is required.'] });
    }
    const up = await uploaded(adminHeaders);
    const made = await admin.post('/licences', { name: 'HMO licence', certificate: up.id });
    expect(made.statusCode, made.body).toBe(201);
    for (const certificate of [null, '']) {
      const res = await admin.put(`/licences/${made.json().data.id}`, { certificate });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ certificate: ['The certificate field is required.'] });
    }
  });

  it('junk in every body field and the fuzzer on every operation, the uploads’ too: 422 on the field, never a 5xx', async () => {
    const fx = declaredFixtures([policyResource]);
    const ctx = { t, w, fx };
    const writes = routeTable(t.app).filter(
      (r) => fx.covers(r.url) && (r.method === 'POST' || r.method === 'PUT') && r.body !== undefined,
    );
    const outcomes = await junkAttack(ctx).junkFields(writes);
    expect(outcomes.flatMap((o) => o.problem ?? [])).toEqual([]);
    const structural = outcomes.filter((o) => o.structural);
    expect(structural.length).toBeGreaterThan(0);
    for (const o of structural) expect(o.status, o.tag).toBe(422);
    const fuzz = await fuzzer(ctx);
    const ops = fuzz.ops.filter((op) => fx.covers(op.path) || op.path.startsWith('/api/v1/uploads'));
    expect(ops.some((op) => op.path === '/api/v1/uploads/{id}')).toBe(true);
    expect(
      await fuzz.fire(
        ops.flatMap((op) => fuzz.variants(op)),
        { ...w.headers.super_admin, 'x-tenant': w.own.id },
      ),
    ).toEqual([]);
  }, 240_000);

  it('is no column of the CSV import', () => {
    expect(importColumns(policyResource).map((c) => c.field)).not.toContain('certificate');
    expect(importColumns(policyResource).map((c) => c.field)).toContain('name');
  });

  it('shows in the OpenAPI document: the uploads and the field’s body and read shapes', async () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths['/api/v1/uploads'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/v1/uploads/{id}'])).toEqual(['get']);
    const body = JSON.stringify(doc.paths['/api/v1/policies']);
    expect(body).toContain('The id of an upload (POST /uploads)');
  });
});

describe('GET /uploads/{id}', () => {
  it('sends an unattached upload to its uploader only, as an attachment of its stored type that no browser sniffs', async () => {
    const up = await uploaded(adminHeaders, SAMPLES.png, 'plan.png');
    const res = await download(adminHeaders, up.id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(SAMPLES.png)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="plan.png"; filename*=UTF-8''plan.png`);
    for (const who of [headers.colleague, headers.otherAdmin, w.headers.super_admin])
      expect((await download(who, up.id)).statusCode).toBe(404);
  });

  it('sends an attached file to whoever may read its record, by the record’s company, never the X-Tenant header', async () => {
    const up = await uploaded(adminHeaders);
    const made = await policy({ certificate: up.id });
    expect((await download(adminHeaders, up.id, w.own.id)).statusCode).toBe(200);
    expect((await download(headers.colleague, up.id)).statusCode).toBe(200);
    expect((await download(headers.viewer, up.id)).statusCode).toBe(200);
    expect((await download(w.headers.super_admin, up.id, w.other.id)).statusCode).toBe(200);
    // Another company's admin, whatever tenant they name; a role barred from the area; no role at all.
    expect((await download(headers.otherAdmin, up.id, w.other.id)).statusCode).toBe(404);
    expect((await download(headers.otherAdmin, up.id, w.own.id)).statusCode).not.toBe(200);
    expect((await download(headers.otherAdmin, up.id)).statusCode).toBe(404);
    expect((await download(w.headers.system_user, up.id, w.own.id)).statusCode).toBe(404);
    expect((await download(w.headers.none, up.id, w.own.id)).statusCode).toBe(404);
    // Its record read through the other company answers 404 too.
    expect((await otherAdmin.get(`/policies/${made.id}`)).statusCode).toBe(404);
  });

  it('answers 404 to junk ids', async () => {
    for (const id of ['x', '00000000-0000-4000-8000-000000000000', '..%2F..%2Fetc%2Fpasswd', "1' or '1'='1"])
      expect((await download(adminHeaders, id)).statusCode, id).toBe(404);
  });

  it('keeps a trashed record’s file for who may see the trash, and deletes it with the record when purged', async () => {
    const up = await uploaded(adminHeaders);
    const made = await policy({ certificate: up.id });
    expect((await admin.delete(`/policies/${made.id}`)).statusCode).toBe(200);
    // In the trash: its files are read by who may see the trash (the delete permission), as the trash list is.
    expect((await download(adminHeaders, up.id)).statusCode).toBe(200);
    expect((await download(headers.viewer, up.id)).statusCode).toBe(404);
    expect((await viewer.get(`/policies/trash`)).statusCode).toBe(403);
    // Restored, it has its file.
    expect((await admin.post(`/policies/${made.id}/restore`)).json().data.certificate.id).toBe(up.id);
    expect((await admin.delete(`/policies/${made.id}`)).statusCode).toBe(200);
    const purged = await superAdmin.delete(`/policies/${made.id}?purge=true`);
    expect(purged.statusCode, purged.body).toBe(200);
    expect((await download(w.headers.super_admin, up.id)).statusCode).toBe(404);
    expect(await count(db(), sql`select count(*) as n from uploads where id = ${up.id}`)).toBe(0);
    expect(await count(db(), sql`select count(*) as n from upload_contents where upload_id = ${up.id}`)).toBe(0);
  });
});

describe('the sweep', () => {
  it('deletes uploads no record took a day after they came, once across instances, and leaves attached ones', async () => {
    const stale = await uploaded(adminHeaders);
    const fresh = await uploaded(adminHeaders);
    const used = await uploaded(adminHeaders);
    await policy({ certificate: used.id });
    await db().execute(
      sql`update uploads set created_at = now() - interval '25 hours' where id in (${stale.id}, ${used.id})`,
    );
    await db().execute(sql`delete from maintenance_runs where name = 'upload_sweep'`);
    const [a, b] = await Promise.all([sweepUploads(db()), sweepUploads(db())]);
    expect([a, b].filter((n) => n !== null)).toHaveLength(1);
    expect((await download(adminHeaders, stale.id)).statusCode).toBe(404);
    expect((await download(adminHeaders, fresh.id)).statusCode).toBe(200);
    expect((await download(adminHeaders, used.id)).statusCode).toBe(200);
    expect(await count(db(), sql`select count(*) as n from upload_contents where upload_id = ${stale.id}`)).toBe(0);
  });
});
