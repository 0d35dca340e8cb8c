// Report management, a declared resource (contract/resources/reports.ts) at /api/v1/reports/manage:
// reports.manage for every route (super_admin; admin, who views reports, is refused), the X-Tenant
// company's reports only, the Power BI fields checked field by field and only while Power BI is the
// provider (cleared otherwise), a blank position put last, audit rows, and the forms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { auditLog, reports } from '../../server/db/schema';
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
const manage = (
  method: Method,
  path = '',
  payload?: Record<string, unknown>,
  headers: Record<string, string> | null = superAuth,
  tenant = acme.id,
) =>
  t.app.inject({
    method,
    url: `/api/v1/reports/manage${path}`,
    headers: { ...(headers ?? {}), 'x-tenant': tenant },
    payload,
  });

const powerbi = () => ({ provider: 'powerbi', workspace_id: randomUUID(), report_id: randomUUID() });

describe('/api/v1/reports/manage — who may manage', () => {
  it('refuses admin (who may view reports) on every route, and guests', async () => {
    const id = betaReport.id;
    const routes: [Method, string][] = [
      ['GET', ''],
      ['GET', '/create'],
      ['GET', `/${id}`],
      ['GET', `/${id}/edit`],
      ['POST', ''],
      ['PUT', `/${id}`],
      ['DELETE', `/${id}`],
    ];
    for (const [method, path] of routes) {
      const body = method === 'POST' || method === 'PUT' ? { name: 'X', provider: 'builtin' } : undefined;
      const admin = await manage(method, path, body, adminAuth);
      expect(admin.statusCode, `${method} ${path} as admin`).toBe(403);
      // A guest's write without the CSRF pair is refused by that check first (419).
      expect(method === 'GET' ? [401] : [401, 419], `${method} ${path} as guest`).toContain(
        (await manage(method, path, body, null)).statusCode,
      );
    }
    expect(await t.database.db.select().from(reports).where(eq(reports.name, 'X'))).toEqual([]);
  });
});

describe('/api/v1/reports/manage — CRUD', () => {
  it('creates a Power BI report last, lists it, turns it built-in (its Power BI fields cleared) and deletes it, auditing each change', async () => {
    const sent = { ...powerbi(), name: '  Rent roll ', rls_roles: 'Tenant\nViewer' };
    const created = await manage('POST', '', sent);
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json().data;
    expect(report).toMatchObject({
      message: 'The report has been created',
      name: 'Rent roll',
      provider: 'powerbi',
      position: 1,
      workspace_id: sent.workspace_id,
      report_id: sent.report_id,
      dataset_id: null,
      rls_roles: 'Tenant\nViewer',
    });

    const list = (await manage('GET', '?page=1&per_page=10')).json();
    expect(list.data.map((r: { name: string }) => r.name)).toEqual(['Portfolio overview', 'Rent roll']);
    expect(list.meta.total).toBe(2);
    // It shows in GET /reports (as an error entry: this server has no Power BI credentials).
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/v1/reports', headers: { ...superAuth, 'x-tenant': acme.id } })
    ).json().data.urls;
    expect(listed.find((u: { id: string }) => u.id === report.id)).toMatchObject({
      name: 'Rent roll',
      provider: 'powerbi',
      error: 'Power BI is not configured on this server.',
    });

    const updated = await manage('PUT', `/${report.id}`, {
      name: 'Rent roll 2025',
      provider: 'builtin',
      position: 0,
      workspace_id: randomUUID(),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      message: 'The report has been updated',
      name: 'Rent roll 2025',
      provider: 'builtin',
      position: 0,
      workspace_id: null,
      report_id: null,
      dataset_id: null,
      rls_roles: null,
    });
    // A blank position keeps the report where it is.
    expect((await manage('PUT', `/${report.id}`, { position: null })).json().data.position).toBe(0);

    const deleted = await manage('DELETE', `/${report.id}`);
    expect(deleted.json()).toEqual({ data: { message: 'The report has been deleted' } });
    expect((await manage('GET')).json().data.map((r: { name: string }) => r.name)).toEqual(['Portfolio overview']);

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'report'), eq(auditLog.entityId, report.id)));
    expect(rows.map((r) => r.action).sort()).toEqual([
      'report.created',
      'report.deleted',
      'report.updated',
      'report.updated',
    ]);
    const update = rows.find((r) => r.action === 'report.updated' && (r.changes as Record<string, unknown>).name)!;
    expect(update.tenantId).toBe(acme.id);
    expect(update.changes).toMatchObject({
      name: { before: 'Rent roll', after: 'Rent roll 2025' },
      provider: { before: 'powerbi', after: 'builtin' },
      workspace_id: { before: sent.workspace_id, after: null },
    });
  });

  it("answers 404 for another company's report and for unknown ids, and changes nothing", async () => {
    for (const id of [betaReport.id, randomUUID(), 'nope']) {
      expect((await manage('GET', `/${id}`)).statusCode).toBe(404);
      expect((await manage('GET', `/${id}/edit`)).statusCode).toBe(404);
      expect((await manage('PUT', `/${id}`, { name: 'Mine now', provider: 'builtin' })).json()).toEqual({
        message: 'Report not found.',
      });
      expect((await manage('DELETE', `/${id}`)).statusCode).toBe(404);
    }
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, betaReport.id));
    expect(row.name).toBe('Beta overview');
    // Beta's reports are not in Acme's list.
    expect((await manage('GET')).json().data.map((r: { id: string }) => r.id)).not.toContain(betaReport.id);
  });
});

describe('/api/v1/reports/manage — validation', () => {
  const errorsOf = async (payload: Record<string, unknown>, method: Method = 'POST', path = '') => {
    const res = await manage(method, path, payload);
    expect(res.statusCode, res.body).toBe(422);
    return res.json().errors as Record<string, string[]>;
  };

  it('checks the common fields', async () => {
    expect(await errorsOf({ provider: 'tableau', position: -1 })).toEqual({
      name: ['The name field is required.'],
      provider: ['The selected provider is invalid.'],
      position: ['The position must be at least 0.'],
    });
    expect(await errorsOf({ name: '   ', provider: 'builtin' })).toEqual({ name: ['The name field is required.'] });
    expect(await errorsOf({ name: 'x'.repeat(121), provider: 'builtin' })).toEqual({
      name: ['The name may not be greater than 120 characters.'],
    });
  });

  it('requires the workspace and report ids while the provider is Power BI, naming each field', async () => {
    expect(await errorsOf({ name: 'PBI', provider: 'powerbi' })).toEqual({
      workspace_id: ['The workspace id field is required when provider is powerbi.'],
      report_id: ['The report id field is required when provider is powerbi.'],
    });
    expect(await errorsOf({ name: 'PBI', provider: 'powerbi', workspace_id: '  ', report_id: randomUUID() })).toEqual({
      workspace_id: ['The workspace id field is required when provider is powerbi.'],
    });
  });

  it('checks each Power BI field: GUIDs, and at most 20 roles of at most 100 characters, one per line', async () => {
    expect(
      await errorsOf({
        name: 'PBI',
        provider: 'powerbi',
        workspace_id: 'abc',
        report_id: randomUUID(),
        dataset_id: 'not-a-guid',
        rls_roles: `Tenant\n${'r'.repeat(101)}`,
      }),
    ).toEqual({
      workspace_id: ['The workspace id must be a valid id (a GUID).'],
      dataset_id: ['The dataset id must be a valid id (a GUID).'],
      rls_roles: ['The rls roles must be at most 20 role names, one per line, each at most 100 characters.'],
    });
    const roles = (n: number) => Array.from({ length: n }, (_, i) => `Role ${i}`).join('\n');
    expect(await errorsOf({ ...powerbi(), name: 'PBI', rls_roles: roles(21) })).toEqual({
      rls_roles: ['The rls roles must be at most 20 role names, one per line, each at most 100 characters.'],
    });
    expect(await errorsOf({ ...powerbi(), name: 'PBI', report_id: 7 })).toEqual({
      report_id: ['The report id must be a valid id (a GUID).'],
    });
    expect(await errorsOf({ ...powerbi(), name: 'PBI', report_id: { nested: true } })).toEqual({
      report_id: ['The report id must be a string.'],
    });
    // Twenty roles, ids with spaces around them and in capitals are fine.
    const ok = await manage('POST', '', {
      name: 'PBI',
      provider: 'powerbi',
      workspace_id: ` ${randomUUID().toUpperCase()} `,
      report_id: randomUUID(),
      rls_roles: roles(20),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.workspace_id).toMatch(/^[0-9A-F-]{36}$/);
    await manage('DELETE', `/${ok.json().data.id}`);
  });

  it('clears the Power BI fields of a built-in report, whatever is sent, and checks them again on a change to Power BI', async () => {
    const res = await manage('POST', '', {
      name: 'Charts',
      provider: 'builtin',
      workspace_id: randomUUID(),
      report_id: randomUUID(),
      rls_roles: 'Tenant',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, position } = res.json().data;
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, id));
    expect(row).toMatchObject({
      provider: 'builtin',
      workspaceId: null,
      reportId: null,
      datasetId: null,
      rlsRoles: null,
    });
    expect(position).toBeGreaterThan(0);
    // Switching to Power BI without its ids: the stored (cleared) ones do not count.
    expect(await errorsOf({ provider: 'powerbi' }, 'PUT', `/${id}`)).toEqual({
      workspace_id: ['The workspace id field is required when provider is powerbi.'],
      report_id: ['The report id field is required when provider is powerbi.'],
    });
    await manage('DELETE', `/${id}`);
  });
});

describe('/api/v1/reports/manage — forms and OpenAPI', () => {
  it('offers the provider as a radio group with its labels, and the Power BI fields only while it is chosen', async () => {
    const res = await manage('GET', '/create');
    expect(res.statusCode, res.body).toBe(200);
    const fields = (res.json().fields as { fields: Record<string, unknown>[] }[]).flatMap((g) => g.fields);
    expect(fields.find((f) => f.name === 'provider')).toMatchObject({
      type: 'radio-group',
      required: true,
      options: { builtin: 'Built-in charts', powerbi: 'Power BI' },
    });
    for (const name of ['workspace_id', 'report_id'])
      expect(fields.find((f) => f.name === name)).toMatchObject({
        required: true,
        when: { field: 'provider', is: ['powerbi'] },
      });
    expect(fields.find((f) => f.name === 'dataset_id')).toMatchObject({ when: { field: 'provider', is: ['powerbi'] } });
    expect(fields.find((f) => f.name === 'dataset_id')?.required).toBeUndefined();
  });

  it('publishes the GUID pattern, its condition and the provider labels', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const body = doc.paths['/api/v1/reports/manage'].post.requestBody.content['application/json'].schema;
    expect(body.properties.workspace_id).toMatchObject({
      pattern: expect.stringContaining('[0-9A-Fa-f]{8}'),
      'x-olympus-when': { field: 'provider', is: ['powerbi'], required: true },
    });
    expect(body.properties.provider).toMatchObject({
      enum: ['builtin', 'powerbi'],
      description: 'builtin: Built-in charts; powerbi: Power BI',
    });
    expect(body.required).toEqual(['name', 'provider']);
  });
});
