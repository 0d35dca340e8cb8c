// The built-in report's data endpoint: its own token (expired, tampered, another report's or
// company's, a session token, revoked access) and aggregates checked against a known portfolio.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { userCompanies } from '../../server/db/schema';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createSystem, createUser, tokenFor } from './factories';
import { createProperty, createReport, createUnits, knownPortfolio } from './reports-fixtures';
import { signReportToken } from '../../server/reports/tokens';
import { issueHandoff } from '../../server/systems/handoff';

let t: TestApp;
let acme: { id: string };
let beta: { id: string };
let reportA: { id: string };
let reportA2: { id: string };
let reportB: { id: string };
let admin: { id: string; email: string; name: string };
let adminAuth: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  acme = await createCompany(db, { name: 'Acme Lettings' });
  beta = await createCompany(db, { name: 'Beta Homes' });
  await knownPortfolio(db, acme.id);
  // Beta's units must never count for Acme.
  const betaHouse = await createProperty(db, beta.id, 'Beta Tower', 'Hull');
  await createUnits(db, betaHouse, [
    ['Penthouse', 4, 'Let'],
    ['Penthouse', 4, 'Available'],
  ]);
  reportA = await createReport(db, acme.id, { name: 'Portfolio overview' });
  reportA2 = await createReport(db, acme.id, { name: 'Another view', position: 1 });
  reportB = await createReport(db, beta.id, { name: 'Beta portfolio' });
  admin = await createUser(db, { role: 'admin', companies: [acme, beta] });
  adminAuth = await tokenFor(db, admin.id);
});
afterAll(() => t?.close());

const dataUrl = (id: string) => `/api/v1/reports/builtin/${id}/data`;
const fetchData = (id: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: dataUrl(id),
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
const sign = (reportId: string, companyId: string, userId = admin.id, now?: number) =>
  signReportToken(t.database.db, 'http://olympus.test', { userId, companyId, reportId }, now).then((s) => s.token);

async function listedToken(tenant: string, reportId: string): Promise<{ url: string; token: string }> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/reports',
    headers: { ...adminAuth, 'x-tenant': tenant },
  });
  return res.json().data.urls.find((u: { id: string }) => u.id === reportId);
}

describe('GET /api/v1/reports/builtin/:id/data — the report token', () => {
  it('answers the charts for the token listed by GET /reports', async () => {
    const { url, token } = await listedToken(acme.id, reportA.id);
    expect(new URL(url).pathname).toBe(dataUrl(reportA.id));
    const res = await fetchData(reportA.id, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toMatchObject({
      title: 'Portfolio overview',
      company: { id: acme.id, name: 'Acme Lettings' },
    });
  });

  it('refuses a missing token', async () => {
    const res = await fetchData(reportA.id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'A report token is required.' });
  });

  it('refuses an expired token', async () => {
    const token = await sign(reportA.id, acme.id, admin.id, Date.now() - 11 * 60 * 1000);
    const res = await fetchData(reportA.id, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'The report token has expired. Reload the report.' });
  });

  it('refuses a tampered token (claims changed, or signature altered)', async () => {
    const token = await sign(reportA.id, acme.id);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, tenant: beta.id, rid: reportB.id })).toString('base64url');
    for (const bad of [
      `${header}.${forged}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
      'not-a-jwt',
    ]) {
      const res = await fetchData(bad.includes(forged) ? reportB.id : reportA.id, bad);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'The report token is invalid.' });
    }
  });

  it("refuses another report's token, and company A's token for company B's report", async () => {
    const tokenA = await sign(reportA.id, acme.id);
    for (const other of [reportA2.id, reportB.id]) {
      const res = await fetchData(other, tokenA);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'The report token is not valid for this report.' });
    }
    // A validly signed token naming company A for company B's report is refused as well.
    const mixed = await sign(reportB.id, acme.id);
    expect((await fetchData(reportB.id, mixed)).json()).toEqual({
      message: 'The report token is not valid for this report.',
    });
  });

  it('refuses the session token and a hand-off token: only report tokens open report data', async () => {
    const session = adminAuth.authorization.replace(/^Bearer /, '');
    expect((await fetchData(reportA.id, session)).json()).toEqual({ message: 'The report token is invalid.' });
    const everest = await createSystem(t.database.db, 'Everest');
    const { token } = await issueHandoff(t.database.db, {
      issuer: 'http://olympus.test',
      user: admin,
      system: everest,
      tenant: { id: acme.id, name: 'Acme Lettings' },
      role: null,
    });
    expect((await fetchData(reportA.id, token)).json()).toEqual({ message: 'The report token is invalid.' });
  });

  it('refuses a valid token once the user has lost access to the company', async () => {
    const leaver = await createUser(t.database.db, { role: 'admin', companies: [acme] });
    const token = await sign(reportA.id, acme.id, leaver.id);
    expect((await fetchData(reportA.id, token)).statusCode).toBe(200);
    await t.database.db
      .delete(userCompanies)
      .where(and(eq(userCompanies.userId, leaver.id), eq(userCompanies.companyId, acme.id)));
    const res = await fetchData(reportA.id, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'The report token no longer grants access to this report.' });
  });

  it('refuses a token of a user without the reports permission', async () => {
    const staff = await createUser(t.database.db, { role: 'system_user', companies: [acme] });
    const res = await fetchData(reportA.id, await sign(reportA.id, acme.id, staff.id));
    expect(res.json()).toEqual({ message: 'The report token no longer grants access to this report.' });
  });
});

describe('GET /api/v1/reports/builtin/:id/data — the aggregates', () => {
  it('computes totals and charts from the company’s own data only', async () => {
    const res = await fetchData(reportA.id, await sign(reportA.id, acme.id));
    const { totals, charts, generated_at } = res.json().data;
    expect(Date.now() - new Date(generated_at).getTime()).toBeLessThan(60_000);
    expect(totals).toEqual({ properties: 3, units: 5, let_units: 3, occupancy: 60 });
    expect(charts).toEqual([
      {
        id: 'units_by_status',
        type: 'bar',
        title: 'Units by status per property',
        stacked: true,
        categories: ['Alpha House', 'Beta Court', 'Gamma Lofts'],
        series: [
          { key: 'Let', label: 'Let', data: [2, 1, 0] },
          { key: 'Available', label: 'Available', data: [1, 0, 0] },
          { key: 'Maintenance', label: 'Maintenance', data: [0, 1, 0] },
        ],
      },
      {
        id: 'units_by_type',
        type: 'pie',
        title: 'Units by type',
        slices: [
          { key: 'Flat', label: 'Flat', value: 3 },
          { key: 'House', label: 'House', value: 1 },
          { key: 'Studio', label: 'Studio', value: 1 },
        ],
      },
      {
        id: 'bedroom_mix',
        type: 'bar',
        title: 'Bedroom mix',
        stacked: false,
        categories: ['0', '1', '2', '3'],
        series: [{ key: 'units', label: 'Units', data: [1, 1, 2, 1] }],
      },
      {
        id: 'properties_by_city',
        type: 'bar',
        title: 'Properties by city',
        stacked: false,
        categories: ['Leeds', 'York'],
        series: [{ key: 'properties', label: 'Properties', data: [2, 1] }],
      },
    ]);
  });

  it('answers an empty portfolio for a company without properties or units', async () => {
    const empty = await createCompany(t.database.db, { name: 'Empty Co' });
    await t.database.db.insert(userCompanies).values({ userId: admin.id, companyId: empty.id });
    const report = await createReport(t.database.db, empty.id);
    const { totals, charts } = (await fetchData(report.id, await sign(report.id, empty.id))).json().data;
    expect(totals).toEqual({ properties: 0, units: 0, let_units: 0, occupancy: null });
    expect(charts.map((c: { id: string }) => c.id)).toEqual([
      'units_by_status',
      'units_by_type',
      'bedroom_mix',
      'properties_by_city',
    ]);
    expect(charts[0]).toMatchObject({ categories: [], series: [] });
    expect(charts[1]).toMatchObject({ slices: [] });
  });
});
