// Report configuration by super_admin: /api/v1/reports/manage — CRUD within the X-Tenant company,
// per-provider settings validation (422 field errors), audit rows, and nobody else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../server/db/schema';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createUser, tokenFor } from './factories';
import { createReport } from './reports-fixtures';

let t: TestApp;
let acme: { id: string };
let beta: { id: string };
let superAuth: Record<string, string>;
let adminAuth: Record<string, string>;
let betaReport: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  acme = await createCompany(db, { name: 'Acme Lettings' });
  beta = await createCompany(db, { name: 'Beta Homes' });
  await createReport(db, acme.id, { name: 'Portfolio overview', position: 0 });
  betaReport = await createReport(db, beta.id, { name: 'Beta overview' });
  superAuth = await tokenFor(db, (await createUser(db, { role: 'super_admin', companies: [acme] })).id);
  adminAuth = await tokenFor(db, (await createUser(db, { role: 'admin', companies: [acme] })).id);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const manage = (method: Method, path = '', payload?: Record<string, unknown>, headers = superAuth, tenant = acme.id) =>
  t.app.inject({ method, url: `/api/v1/reports/manage${path}`, headers: { ...headers, 'x-tenant': tenant }, payload });

const powerbi = () => ({ workspace_id: randomUUID(), report_id: randomUUID() });

describe('/api/v1/reports/manage — who may manage', () => {
  it('refuses admin (who may view reports) and guests', async () => {
    for (const [method, path] of [
      ['GET', ''],
      ['POST', ''],
      ['PUT', `/${betaReport.id}`],
      ['DELETE', `/${betaReport.id}`],
    ] as [Method, string][]) {
      const res = await manage(method, path, method === 'POST' || method === 'PUT' ? { name: 'X', provider: 'builtin' } : undefined, adminAuth);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json()).toEqual({ message: 'Only a super admin may manage reports.' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/reports/manage' })).statusCode).toBe(401);
  });
});

describe('/api/v1/reports/manage — CRUD', () => {
  it('creates, lists, updates and deletes a report, auditing each change', async () => {
    const settings = { ...powerbi(), rls_roles: ['Tenant', ' Tenant '] };
    const created = await manage('POST', '', { name: '  Rent roll ', provider: 'powerbi', settings });
    expect(created.statusCode).toBe(201);
    const { message, report } = created.json().data;
    expect(message).toBe('Report created.');
    expect(report).toMatchObject({ name: 'Rent roll', provider: 'powerbi', position: 1, settings: { ...settings, rls_roles: ['Tenant'] } });

    const list = (await manage('GET')).json().data;
    expect(list.map((r: { name: string }) => r.name)).toEqual(['Portfolio overview', 'Rent roll']);
    // The report now shows in GET /reports (as an error entry: this server has no Power BI credentials).
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/reports', headers: { ...superAuth, 'x-tenant': acme.id } })).json().data.urls;
    expect(listed.find((u: { id: string }) => u.id === report.id)).toMatchObject({ name: 'Rent roll', error: 'Power BI is not configured on this server.' });

    const updated = await manage('PUT', `/${report.id}`, { name: 'Rent roll 2025', provider: 'builtin', position: 0 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ message: 'Report updated.', report: { name: 'Rent roll 2025', provider: 'builtin', settings: {}, position: 0 } });

    const deleted = await manage('DELETE', `/${report.id}`);
    expect(deleted.json()).toEqual({ data: { message: 'Report deleted.' } });
    expect((await manage('GET')).json().data.map((r: { name: string }) => r.name)).toEqual(['Portfolio overview']);

    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'report'), eq(auditLog.entityId, report.id)));
    expect(rows.map((r) => r.action).sort()).toEqual(['reports.create', 'reports.delete', 'reports.update']);
    const update = rows.find((r) => r.action === 'reports.update')!;
    expect(update.tenantId).toBe(acme.id);
    expect(update.changes).toMatchObject({ name: { before: 'Rent roll', after: 'Rent roll 2025' }, provider: { before: 'powerbi', after: 'builtin' } });
  });

  it("answers 404 for another company's report and for unknown ids", async () => {
    for (const id of [betaReport.id, randomUUID(), 'nope']) {
      expect((await manage('PUT', `/${id}`, { name: 'Mine now', provider: 'builtin' })).json()).toEqual({ message: 'Report not found.' });
      expect((await manage('DELETE', `/${id}`)).statusCode).toBe(404);
    }
  });
});

describe('/api/v1/reports/manage — validation', () => {
  const errorsOf = async (payload: Record<string, unknown>) => {
    const res = await manage('POST', '', payload);
    expect(res.statusCode).toBe(422);
    return res.json().errors as Record<string, string[]>;
  };

  it('checks the common fields', async () => {
    expect(await errorsOf({ provider: 'tableau', position: -1, extra: 1 })).toEqual({
      name: ['The name field is required.'],
      provider: ['The selected provider is invalid.'],
      position: ['The position must be at least 0.'],
      extra: ['The extra field is not allowed.'],
    });
    expect(await errorsOf({ name: '   ', provider: 'builtin' })).toEqual({ name: ['The name field is required.'] });
  });

  it('checks Power BI settings field by field', async () => {
    expect(await errorsOf({ name: 'PBI', provider: 'powerbi' })).toEqual({
      'settings.workspace_id': ['The workspace id field is required.'],
      'settings.report_id': ['The report id field is required.'],
    });
    expect(await errorsOf({ name: 'PBI', provider: 'powerbi', settings: { workspace_id: 'abc', report_id: randomUUID(), dataset_id: 7, rls_roles: 'Tenant', colour: 'red' } })).toEqual({
      'settings.workspace_id': ['The workspace id must be a valid id (a GUID).'],
      'settings.dataset_id': ['The dataset id must be a valid id (a GUID).'],
      'settings.rls_roles': ['The rls roles must be a list of role names of at most 100 characters.'],
      'settings.colour': ['The colour field is not allowed.'],
    });
  });

  it('allows no settings for the built-in provider', async () => {
    expect(await errorsOf({ name: 'Built in', provider: 'builtin', settings: { workspace_id: randomUUID() } })).toEqual({
      'settings.workspace_id': ['The workspace id field is not allowed.'],
    });
  });
});
