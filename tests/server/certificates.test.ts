// Certificates (contract/resources/certificates.ts) and the computed field kind (docs/resources.md "Computed
// fields"): the status at each boundary of expiry and of the warning window, with and without evidence; the expiry
// each type derives; a unit of another property and another company's property refused with 422; the list filtered
// and sorted by the computed status; the status in no audit row, read-only in the OpenAPI document; and a property's
// "Certificates required", defaulted on create and by the migration for properties made before it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import {
  apiAs,
  auditFor,
  createProperty,
  createUnit,
  createWorld,
  unique,
  type Api,
  type World,
} from './resources-fixtures';
import { addDays, todayUtc } from '../../contract/dates';
import {
  CERTIFICATE_STATUSES,
  CERTIFICATE_TYPE_KEYS,
  REQUIRED_BY_DEFAULT,
  WARNING_DAYS,
  defaultExpiry,
  statusOf,
  warnDaysOf,
  type CertificateType,
} from '../../contract/compliance';
import { CERTIFICATE_MSG } from '../../server/certificates/binding';
import { uniqueIp } from './auth-client';
import { createCompany } from './factories';
import { rowsOf } from './privilege-fixtures';

let t: TestApp;
let w: World;
let admin: Api;
const db = () => t.database.db;
const T = todayUtc();
const day = (n: number) => addDays(T, n);
let property: { id: string; companyId: string };
let evidence: () => Promise<string>;

interface Cert {
  id: string;
  type: CertificateType;
  issued_on: string;
  expires_on: string;
  status: string;
  evidence: { id: string; name: string } | null;
}

/** A PDF upload's id, ready to attach. */
const upload = () => evidenceAs(w.headers.admin);
async function evidenceAs(who: { authorization: string }): Promise<string> {
  const boundary = `----olympus${Math.random().toString(16).slice(2)}`;
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'), Buffer.alloc(32, 0x20)]);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cp12.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...who, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as { id: string }).id;
}

async function create(body: Record<string, unknown>): Promise<Cert> {
  const res = await admin.post('/certificates', { property_id: property.id, type: 'gas_safety', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Cert;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  admin = apiAs(t, w.headers.admin, w.own.id);
  property = await createProperty(db(), w.own.id, { name: unique('Compliance') });
  evidence = upload;
});
afterAll(() => t.close());

describe('the status, computed on every read', () => {
  // Today is the day before, the day of, or the day after expiry; then the edges of the warning window.
  const cases: { expires: number; with: string; without: string }[] = [
    { expires: 1, with: 'due', without: 'due' },
    { expires: 0, with: 'due', without: 'due' },
    { expires: -1, with: 'expired', without: 'expired' },
    { expires: WARNING_DAYS, with: 'due', without: 'due' },
    { expires: WARNING_DAYS + 1, with: 'valid', without: 'unproven' },
  ];
  for (const c of cases)
    it(`expiring on today ${c.expires >= 0 ? '+' : ''}${c.expires} days: ${c.with} with evidence, ${c.without} without`, async () => {
      const withEvidence = await create({
        issued_on: day(-300),
        expires_on: day(c.expires),
        evidence: await evidence(),
      });
      const without = await create({ issued_on: day(-300), expires_on: day(c.expires) });
      expect([withEvidence.status, without.status]).toEqual([c.with, c.without]);
      // The contract's statusOf says the same as the server's SQL.
      expect(statusOf({ ...withEvidence, type: 'gas_safety' }, T)).toBe(c.with);
      expect(statusOf({ ...without, type: 'gas_safety' }, T)).toBe(c.without);
      // Read one by one, the same.
      const one = await admin.get(`/certificates/${without.id}`);
      expect(one.json().data.status).toBe(c.without);
    });

  it('follows the evidence: attaching it makes an in-date certificate valid, removing it unproven again', async () => {
    const cert = await create({ issued_on: day(-10), expires_on: day(200) });
    expect(cert.status).toBe('unproven');
    const attached = await admin.put(`/certificates/${cert.id}`, { evidence: await evidence() });
    expect(attached.json().data.status).toBe('valid');
    const removed = await admin.put(`/certificates/${cert.id}`, { evidence: null });
    expect(removed.json().data.status).toBe('unproven');
  });

  it('is never written: a status sent is not taken', async () => {
    const res = await admin.post('/certificates', {
      property_id: property.id,
      type: 'gas_safety',
      issued_on: day(-400),
      expires_on: day(-5),
      status: 'valid',
    });
    if (res.statusCode === 201) expect(res.json().data.status).toBe('expired');
    else expect(res.statusCode).toBe(422);
  });

  it('is in no audit row: the history shows what was changed, never a status that moved with it', async () => {
    const cert = await create({ issued_on: day(-10), expires_on: day(200) });
    await admin.put(`/certificates/${cert.id}`, { expires_on: day(-1) });
    const rows = await auditFor(db(), cert.id);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(Object.keys(row.changes ?? {})).not.toContain('status');
    expect(rows.some((r) => r.changes?.expires_on?.after === day(-1))).toBe(true);
  });
});

describe('the expiry', () => {
  for (const type of CERTIFICATE_TYPE_KEYS)
    it(`left empty, is the issue date plus the validity of a ${type}`, async () => {
      const cert = await create({ type, issued_on: day(-40) });
      expect(cert.expires_on).toBe(defaultExpiry(type, day(-40)));
    });

  it('sent empty on an update, is derived again; left out, kept', async () => {
    const cert = await create({ issued_on: day(-40), expires_on: day(5) });
    const kept = await admin.put(`/certificates/${cert.id}`, { reference: 'CP12-1' });
    expect(kept.json().data.expires_on).toBe(day(5));
    const derived = await admin.put(`/certificates/${cert.id}`, { expires_on: null });
    expect(derived.json().data.expires_on).toBe(defaultExpiry('gas_safety', day(-40)));
  });

  it('must be after the issue date, and the issue date not in the future: 422', async () => {
    const same = await admin.post('/certificates', {
      property_id: property.id,
      type: 'epc',
      issued_on: day(-3),
      expires_on: day(-3),
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.expires_on).toEqual([CERTIFICATE_MSG.expiresBeforeIssued]);
    const future = await admin.post('/certificates', { property_id: property.id, type: 'epc', issued_on: day(1) });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.issued_on).toEqual([CERTIFICATE_MSG.issuedFuture]);
  });
});

describe('the property and unit', () => {
  it('refuses a unit of another property with 422, takes one of its own', async () => {
    const elsewhere = await createProperty(db(), w.own.id, { name: unique('Elsewhere') });
    const theirs = await createUnit(db(), elsewhere);
    const ours = await createUnit(db(), property);
    const res = await admin.post('/certificates', {
      property_id: property.id,
      unit_id: theirs.id,
      type: 'alarms',
      issued_on: day(-1),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.unit_id).toEqual([CERTIFICATE_MSG.unitOfOtherProperty]);
    const ok = await create({ unit_id: ours.id, type: 'alarms', issued_on: day(-1) });
    expect(ok).toMatchObject({ unit_id: ours.id });
    // Moving the certificate to another property leaves its unit behind: refused too.
    const moved = await admin.put(`/certificates/${ok.id}`, { property_id: elsewhere.id });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.unit_id).toEqual([CERTIFICATE_MSG.unitOfOtherProperty]);
  });

  it("refuses another company's property and unit as if they did not exist (422), and answers 404 for its certificates", async () => {
    const foreign = await createProperty(db(), w.other.id, { name: unique('Foreign') });
    const foreignUnit = await createUnit(db(), foreign);
    const res = await admin.post('/certificates', { property_id: foreign.id, type: 'epc', issued_on: day(-1) });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['property_id']);
    const unit = await admin.post('/certificates', {
      property_id: property.id,
      unit_id: foreignUnit.id,
      type: 'epc',
      issued_on: day(-1),
    });
    expect(unit.statusCode).toBe(422);
    expect(Object.keys(unit.json().errors)).toEqual(['unit_id']);
    // Asked with the other company as tenant (a super admin may), it is not there.
    const otherAdmin = apiAs(t, w.headers.super_admin, w.other.id);
    const theirs = await admin.post('/certificates', { property_id: property.id, type: 'epc', issued_on: day(-1) });
    expect((await otherAdmin.get(`/certificates/${theirs.json().data.id}`)).statusCode).toBe(404);
  });
});

describe('the list', () => {
  let listed: Cert[];
  beforeAll(async () => {
    property = await createProperty(db(), w.own.id, { name: unique('Listed') });
    listed = [
      await create({ issued_on: day(-400), expires_on: day(-2) }),
      await create({ issued_on: day(-300), expires_on: day(10), evidence: await evidence() }),
      await create({ issued_on: day(-30), expires_on: day(300) }),
      await create({ issued_on: day(-30), expires_on: day(330), evidence: await evidence() }),
    ];
  });
  const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((r) => r.id);
  const of = `property_id=${'{p}'}`;
  const url = (q: string) => `/certificates?${of.replace('{p}', property.id)}&per_page=100&${q}`;

  it('filters by one status or several', async () => {
    for (const status of CERTIFICATE_STATUSES) {
      const res = await admin.get(url(`status=${status}`));
      expect(res.statusCode, res.body).toBe(200);
      expect(ids(res)).toEqual(listed.filter((c) => c.status === status).map((c) => c.id));
    }
    const two = await admin.get(url('status=expired&status=due&sort=expires_on'));
    expect(ids(two)).toEqual([listed[0].id, listed[1].id]);
    expect((await admin.get(url('status=lapsed'))).statusCode).toBe(422);
  });

  it('sorts by status in its declared order, and by expiry', async () => {
    const byStatus = await admin.get(url('sort=status'));
    expect(byStatus.statusCode, byStatus.body).toBe(200);
    expect(byStatus.json().data.map((c: Cert) => c.status)).toEqual([...CERTIFICATE_STATUSES]);
    const desc = await admin.get(url('sort=status:desc'));
    expect(desc.json().data.map((c: Cert) => c.status)).toEqual([...CERTIFICATE_STATUSES].reverse());
    const byExpiry = await admin.get(url('sort=expires_on:desc'));
    expect(ids(byExpiry)).toEqual([...listed].reverse().map((c) => c.id));
  });

  it('filters by type', async () => {
    const alarms = await create({ type: 'alarms', issued_on: day(-1) });
    expect(ids(await admin.get(url('type=alarms')))).toEqual([alarms.id]);
  });
});

describe('the forms', () => {
  type FormField = { name: string; disabled?: boolean; value?: unknown };
  const fieldsOf = (res: { json(): { fields: { fields: FormField[] }[] } }) =>
    res.json().fields.flatMap((g) => g.fields);

  it('leave the status out of the create form, and show it read-only, filled in, on the edit form', async () => {
    const createForm = fieldsOf(await admin.get('/certificates/create'));
    expect(createForm.map((f) => f.name)).not.toContain('status');
    const cert = await create({ issued_on: day(-400), expires_on: day(-3) });
    const edit = fieldsOf(await admin.get(`/certificates/${cert.id}/edit`));
    expect(edit.find((f) => f.name === 'status')).toMatchObject({ disabled: true, value: 'expired' });
  });
});

describe('the API document', () => {
  it('shows the status read-only, one of its values, and in no body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const text = JSON.stringify(doc);
    expect(text).toContain('"readOnly":true');
    const post = doc.paths['/api/v1/certificates'].post;
    const body = JSON.stringify(post.requestBody);
    expect(body).not.toContain('"status"');
    expect(body).toContain('"expires_on"');
  });
});

describe('certificates required of a property', () => {
  it('defaults to the types every property needs when created without them', async () => {
    const res = await admin.post('/properties', { name: unique('Fresh') });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.certificates_required).toEqual([...REQUIRED_BY_DEFAULT]);
    const changed = await admin.put(`/properties/${res.json().data.id}`, {
      certificates_required: ['epc', 'hmo_licence'],
    });
    expect(changed.json().data.certificates_required).toEqual(['epc', 'hmo_licence']);
  });

  it('is given to the properties made before it by the migration', async () => {
    const dir = path.join(__dirname, '../../server/db/migrations');
    const file = readdirSync(dir).find((f) => f.endsWith('_certificates.sql')) ?? 'missing';
    const [add] = readFileSync(path.join(dir, file), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /ADD COLUMN "certificates_required"/.test(s));
    const before = await createProperty(db(), w.own.id, { name: unique('Older') });
    await db().execute(sql`alter table properties drop column certificates_required`);
    await db().execute(sql.raw(add));
    const [row] = await rowsOf<{ certificates_required: string[] }>(
      db(),
      sql`select certificates_required from properties where id = ${before.id}`,
    );
    expect(row.certificates_required).toEqual([...REQUIRED_BY_DEFAULT]);
  });
});

describe('the compliance summary', () => {
  it('counts each required pair by its latest certificate, missing ones too, and the percentage', async () => {
    // A company of its own, so every count is this test's: two properties, the first needing the default three
    // types, the second only an EPC and an HMO licence.
    const company = await createCompany(db());
    const su = apiAs(t, w.headers.super_admin, company.id);
    const a = await createProperty(db(), company.id, { name: unique('A') });
    const b = await createProperty(db(), company.id, {
      name: unique('B'),
      certificatesRequired: ['epc', 'hmo_licence'],
    });
    const make = async (propertyId: string, type: CertificateType, issued: number, expires: number, proof = true) => {
      const res = await su.post('/certificates', {
        property_id: propertyId,
        type,
        issued_on: day(issued),
        expires_on: day(expires),
        ...(proof ? { evidence: await evidenceAs(w.headers.super_admin) } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as Cert;
    };
    // A: gas safety expired long ago but replaced by a valid one (the latest counts); EICR due; EPC none (missing).
    await make(a.id, 'gas_safety', -800, -400);
    await make(a.id, 'gas_safety', -10, 300);
    await make(a.id, 'eicr', -1000, 5);
    // B: EPC in date without evidence (unproven); HMO licence expired; a fire risk assessment it does not need.
    await make(b.id, 'epc', -100, 3000, false);
    await make(b.id, 'hmo_licence', -2000, -1);
    await make(b.id, 'fire_risk', -10, 300);
    // A certificate in the trash counts for nothing.
    const trashed = await make(b.id, 'hmo_licence', -5, 600);
    expect((await su.delete(`/certificates/${trashed.id}`)).statusCode).toBe(200);

    const res = await su.get('/compliance/summary');
    expect(res.statusCode, res.body).toBe(200);
    // 5 required pairs, 1 valid: 20 %.
    expect(res.json().data).toEqual({
      counts: { valid: 1, due: 1, missing: 1, unproven: 1, expired: 1 },
      required: 5,
      compliance_pct: 20,
    });
  });

  it('is refused without compliance.view, and answers only the X-Tenant company', async () => {
    const viewer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/compliance/summary',
      headers: { ...w.headers.system_user, 'x-tenant': w.own.id },
    });
    expect([403, 401]).toContain(viewer.statusCode);
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/compliance/summary', headers: w.headers.admin });
    expect(none.statusCode).toBe(403);
  });
});

it('warns within each type’s window as declared', () => {
  for (const type of CERTIFICATE_TYPE_KEYS) expect(warnDaysOf(type)).toBe(WARNING_DAYS);
});
