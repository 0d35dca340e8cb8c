// The compliance matrix (GET /compliance/matrix, server/compliance/matrix.ts): each live property of the X-Tenant
// company with its required types, each cell judged by its latest live certificate — the cells and the summary's
// counts agree, a missing type has no certificate, paging, search by name and the status filter; attacked across
// companies (another company's properties and certificates never show) and by callers without compliance.view. The
// status at each boundary is the certificate tests' (certificates.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { apiAs, createProperty, createWorld, type Api, type World } from './resources-fixtures';
import { addDays, todayUtc } from '../../contract/dates';
import {
  PAIR_STATUSES,
  type CertificateType,
  type ComplianceCell,
  type ComplianceRow,
  type PairStatus,
} from '../../contract/compliance';
import { uniqueIp } from './auth-client';
import { createCompany, createRole, createUser, tokenFor } from './factories';
import { userSystems } from '../../server/db/schema';

let t: TestApp;
let w: World;
let su: Api;
const db = () => t.database.db;
const day = (n: number) => addDays(todayUtc(), n);
let company: { id: string };
let other: { id: string };
const ids: Record<string, string> = {};
const latest: Record<string, { id: string; expires_on: string }> = {};

async function evidence(): Promise<string> {
  const boundary = `----olympus${Math.random().toString(16).slice(2)}`;
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'), Buffer.alloc(32, 0x20)]);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cert.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...w.headers.super_admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as { id: string }).id;
}

async function make(
  tenant: string,
  propertyId: string,
  type: CertificateType,
  issued: number,
  expires: number,
  proof = true,
) {
  const res = await su.post(
    '/certificates',
    {
      property_id: propertyId,
      type,
      issued_on: day(issued),
      expires_on: day(expires),
      ...(proof ? { evidence: await evidence() } : {}),
    },
    tenant,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; expires_on: string };
}

interface Matrix {
  data: ComplianceRow[];
  meta: { total: number; page: number; per_page: number };
}
const matrix = async (query = '', api = su): Promise<Matrix> => {
  const res = await api.get(`/compliance/matrix${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Matrix;
};
const cell = (
  type: CertificateType,
  status: PairStatus,
  cert?: { id: string; expires_on: string },
): ComplianceCell => ({
  type,
  status,
  expires_on: cert?.expires_on ?? null,
  certificate_id: cert?.id ?? null,
});

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  // Companies of their own, so every count is this file's.
  company = await createCompany(db(), { name: 'Matrix Lettings' });
  other = await createCompany(db(), { name: 'Matrix Rivals' });
  su = apiAs(t, w.headers.super_admin, company.id);
  // Named so that their order by name differs from their order of creation and letter case does not count.
  ids.gamma = (await createProperty(db(), company.id, { name: 'gamma Court' })).id;
  ids.alpha = (await createProperty(db(), company.id, { name: 'Alpha House' })).id;
  ids.beta = (
    await createProperty(db(), company.id, { name: 'Beta Flats', certificatesRequired: ['hmo_licence', 'epc'] })
  ).id;
  const gone = await createProperty(db(), company.id, { name: 'Aardvark Gone' });
  await db().execute(sql`update properties set deleted_at = now() where id = ${gone.id}`);
  // Alpha: an expired gas safety record replaced by a valid one; an EICR due; no EPC (missing).
  await make(company.id, ids.alpha, 'gas_safety', -800, -400);
  latest.alphaGas = await make(company.id, ids.alpha, 'gas_safety', -10, 300);
  latest.alphaEicr = await make(company.id, ids.alpha, 'eicr', -1000, 5);
  // Beta: an HMO licence expired; an EPC in date without evidence (unproven); a fire risk assessment it does not need;
  // a newer HMO licence in the trash counts for nothing.
  latest.betaHmo = await make(company.id, ids.beta, 'hmo_licence', -2000, -1);
  latest.betaEpc = await make(company.id, ids.beta, 'epc', -100, 3000, false);
  await make(company.id, ids.beta, 'fire_risk', -10, 300);
  const trashed = await make(company.id, ids.beta, 'hmo_licence', -5, 600);
  expect((await su.delete(`/certificates/${trashed.id}`)).statusCode).toBe(200);
  // Gamma: nothing at all. The rival company's property has a valid gas safety record.
  const rival = await createProperty(db(), other.id, { name: 'Alpha Rival' });
  await make(other.id, rival.id, 'gas_safety', -10, 300);
});

afterAll(async () => {
  await t?.close();
});

describe('the compliance matrix', () => {
  it('lists each live property by name with its required types judged by their latest certificate', async () => {
    const { data, meta } = await matrix();
    expect(meta).toEqual({ total: 3, page: 1, per_page: 25 });
    expect(data).toEqual([
      {
        property_id: ids.alpha,
        property: 'Alpha House',
        cells: [
          cell('gas_safety', 'valid', latest.alphaGas),
          cell('eicr', 'due', latest.alphaEicr),
          cell('epc', 'missing'),
        ],
      },
      {
        property_id: ids.beta,
        property: 'Beta Flats',
        cells: [cell('hmo_licence', 'expired', latest.betaHmo), cell('epc', 'unproven', latest.betaEpc)],
      },
      {
        property_id: ids.gamma,
        property: 'gamma Court',
        cells: [cell('gas_safety', 'missing'), cell('eicr', 'missing'), cell('epc', 'missing')],
      },
    ]);
  });

  it('agrees with the summary: the same counts, and the percentage written by hand', async () => {
    const { data } = await matrix();
    const counted = Object.fromEntries(PAIR_STATUSES.map((s) => [s, 0])) as Record<PairStatus, number>;
    for (const row of data) for (const c of row.cells) counted[c.status] += 1;
    const summary = (await su.get('/compliance/summary')).json().data;
    expect(summary.counts).toEqual(counted);
    // 8 required pairs, 1 of them valid.
    expect(summary).toEqual({
      counts: { valid: 1, due: 1, unproven: 1, expired: 1, missing: 4 },
      required: 8,
      compliance_pct: 12.5,
    });
  });

  it('pages, searches by property name and keeps the properties with a pair of a status', async () => {
    const second = await matrix('?page=2&per_page=2');
    expect(second.meta).toEqual({ total: 3, page: 2, per_page: 2 });
    expect(second.data.map((r) => r.property)).toEqual(['gamma Court']);
    const past = await matrix('?page=9&per_page=2');
    expect(past).toEqual({ data: [], meta: { total: 3, page: 9, per_page: 2 } });
    const search = await matrix('?q=BETA');
    expect(search.data.map((r) => r.property)).toEqual(['Beta Flats']);
    expect(search.meta.total).toBe(1);
    // A search is text, not a pattern.
    expect((await matrix('?q=%25')).meta.total).toBe(0);
    expect((await matrix('?status=missing')).data.map((r) => r.property)).toEqual(['Alpha House', 'gamma Court']);
    expect((await matrix('?status=expired')).data.map((r) => r.property)).toEqual(['Beta Flats']);
    expect((await matrix('?status=valid&q=gamma')).meta.total).toBe(0);
  });

  it('refuses a status it does not know with 422', async () => {
    const res = await su.get('/compliance/matrix?status=lapsed');
    expect(res.statusCode, res.body).toBe(422);
    expect((await su.get('/compliance/matrix?per_page=0')).statusCode).toBe(422);
  });
});

describe('the compliance matrix attacked', () => {
  it('never shows another company’s properties or certificates', async () => {
    const rival = await matrix('', apiAs(t, w.headers.super_admin, other.id));
    expect(rival.data.map((r) => r.property)).toEqual(['Alpha Rival']);
    expect(rival.data[0].cells[0].status).toBe('valid');
    // The rival company filing a certificate against this company's property is refused (the database refuses it too).
    const res = await su.post(
      '/certificates',
      { property_id: ids.gamma, type: 'gas_safety', issued_on: day(-1), expires_on: day(300) },
      other.id,
    );
    expect(res.statusCode, res.body).toBe(422);
    const own = await matrix('?q=gamma');
    expect(own.data[0].cells[0]).toEqual(cell('gas_safety', 'missing'));
    const json = JSON.stringify((await matrix()).data);
    expect(json).not.toContain('Alpha Rival');
  });

  it('refuses an admin asking for a company not theirs, and callers without compliance.view', async () => {
    const admin = await createUser(db(), { role: 'admin', companies: [company], name: 'Matrix Admin' });
    const headers = await tokenFor(db(), admin.id);
    const mine = apiAs(t, headers, company.id);
    expect((await mine.get('/compliance/matrix')).statusCode).toBe(200);
    const theirs = await mine.get('/compliance/matrix', other.id);
    expect([403, 404]).toContain(theirs.statusCode);
    expect(theirs.body).not.toContain('Alpha Rival');
    expect((await mine.get('/compliance/matrix', null)).statusCode).toBe(403);
    // A custom role: compliance.view alone opens it; every other grant of the company's records does not.
    const clerk = async (name: string, grants: string[]) => {
      const role = await createRole(db(), 'Olympus', name, grants);
      const user = await createUser(db(), { role: null, companies: [company], name: `The ${name}` });
      await db().insert(userSystems).values({ userId: user.id, systemId: role.systemId, roleId: role.id });
      return apiAs(t, await tokenFor(db(), user.id), company.id);
    };
    expect((await (await clerk('matrix_viewer', ['compliance.view'])).get('/compliance/matrix')).statusCode).toBe(200);
    const refused = await (
      await clerk('matrix_outsider', ['properties.*', 'units.*', 'users.view'])
    ).get('/compliance/matrix');
    expect(refused.statusCode).toBe(403);
    for (const who of [w.headers.system_user, w.headers.none]) {
      const res = await apiAs(t, who, w.own.id).get('/compliance/matrix');
      expect([401, 403]).toContain(res.statusCode);
    }
  });
});
