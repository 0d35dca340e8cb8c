// GET /api/v1/reports: who may list (reports.access or reports.*), which company's reports
// (X-Tenant), and the entry shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { userSystems } from '../../server/db/schema';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createRole, createUser, tokenFor } from './factories';
import { createReport } from './reports-fixtures';
import { REPORT_TOKEN_TTL_SECONDS } from '../../server/reports/tokens';

let t: TestApp;
let acme: { id: string };
let beta: { id: string };
let reportsA: { id: string; name: string }[];
let reportB: { id: string };
const auth: Record<string, Record<string, string>> = {};
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  acme = await createCompany(db, { name: 'Acme Lettings' });
  beta = await createCompany(db, { name: 'Beta Homes' });
  // Inserted out of order: the answer follows `position`.
  reportsA = [
    await createReport(db, acme.id, { name: 'Second', position: 2 }),
    await createReport(db, acme.id, { name: 'First', position: 1 }),
  ];
  reportB = await createReport(db, beta.id, { name: 'Beta only' });

  const admin = await createUser(db, { role: 'admin', companies: [acme] });
  adminId = admin.id;
  auth.admin = await tokenFor(db, admin.id);
  auth.staff = await tokenFor(db, (await createUser(db, { role: 'system_user', companies: [acme] })).id);
  auth.noRole = await tokenFor(db, (await createUser(db, { role: null, companies: [acme] })).id);
  // super_admin may use any company, even one not assigned.
  auth.super = await tokenFor(db, (await createUser(db, { role: 'super_admin', companies: [] })).id);
  // A custom role holding only the wildcard.
  const analystRole = await createRole(db, 'Olympus', 'analyst', ['reports.*']);
  const analyst = await createUser(db, { role: null, companies: [acme] });
  await db.insert(userSystems).values({ userId: analyst.id, systemId: analystRole.systemId, roleId: analystRole.id });
  auth.analyst = await tokenFor(db, analyst.id);
});
afterAll(() => t?.close());

const list = (headers: Record<string, string>, tenant: string | null = acme.id) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/reports',
    headers: tenant ? { ...headers, 'x-tenant': tenant } : headers,
  });

describe('GET /api/v1/reports — who may list', () => {
  it('answers 401 without a token', async () => {
    const res = await list({});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('lets admin (reports.access), super_admin and a reports.* role in', async () => {
    for (const who of ['admin', 'super', 'analyst']) expect((await list(auth[who])).statusCode, who).toBe(200);
  });

  it('refuses system_user and users without a role with 403', async () => {
    for (const who of ['staff', 'noRole']) {
      const res = await list(auth[who]);
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toEqual({ message: 'You are not allowed to do that.' });
    }
  });

  it('needs a company: none → 403, a company not assigned → 403', async () => {
    expect((await list(auth.admin, null)).json()).toEqual({ message: 'Choose a company first.' });
    const other = await list(auth.admin, beta.id);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'You do not have access to that company.' });
  });
});

describe('GET /api/v1/reports — what is listed', () => {
  it("answers the company's reports in position order, each with a url and a 10-minute token", async () => {
    const res = await list(auth.admin);
    expect(res.headers['cache-control']).toBe('no-store');
    const { urls } = res.json().data;
    expect(urls.map((u: { name: string }) => u.name)).toEqual(['First', 'Second']);
    const first = urls[0];
    expect(first).toEqual({
      id: reportsA[1].id,
      name: 'First',
      provider: 'builtin',
      url: `http://olympus.test/api/v1/reports/builtin/${reportsA[1].id}/data`,
      token: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(decodeProtectedHeader(first.token)).toMatchObject({ alg: 'ES256', typ: 'olympus-report+jwt' });
    const claims = decodeJwt(first.token);
    expect(claims).toMatchObject({
      sub: adminId,
      tenant: acme.id,
      rid: reportsA[1].id,
      iss: 'http://olympus.test',
      aud: 'olympus-reports',
    });
    expect(claims.exp! - claims.iat!).toBe(REPORT_TOKEN_TTL_SECONDS);
    expect(new Date(first.expires_at).getTime()).toBe(claims.exp! * 1000);
  });

  it("never lists another company's report", async () => {
    const ids = (await list(auth.super, acme.id)).json().data.urls.map((u: { id: string }) => u.id);
    expect(ids).not.toContain(reportB.id);
    const betaIds = (await list(auth.super, beta.id)).json().data.urls.map((u: { id: string }) => u.id);
    expect(betaIds).toEqual([reportB.id]);
  });

  it('answers an empty list for a company without reports', async () => {
    const empty = await createCompany(t.database.db, { name: 'Empty Co' });
    const res = await list(auth.super, empty.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { urls: [] } });
  });
});

describe('API docs', () => {
  it('documents the reports routes, the data endpoint without the session bearer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/v1/reports',
      '/api/v1/reports/builtin/{id}/data',
      '/api/v1/reports/manage',
      '/api/v1/reports/manage/{id}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/v1/reports/builtin/{id}/data'].get.security).toEqual([]);
    expect(doc.paths['/api/v1/reports'].get.tags).toEqual(['reports']);
  });
});
