// Provider `powerbi` against a loopback server implementing the documented Azure AD token and Power BI
// REST endpoints: success (with the RLS identity), the cached AAD token, expired credentials, API
// errors and timeouts — each failing report carries its message while the others still work.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { reports } from '../../server/db/schema';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createUser, tokenFor } from './factories';
import { createReport } from './reports-fixtures';
import { startPowerBiFake, type FakeReport, type PowerBiFake } from '../support/powerbi-fake';
import { createPowerBiClient, POWERBI_SCOPE } from '../../server/reports/providers/powerbi';
import { loadConfig, type PowerBiConfig } from '../../server/config';

let fake: PowerBiFake;
let t: TestApp;
let acme: { id: string };
let adminAuth: Record<string, string>;
const workspace = randomUUID();
let rlsReport: FakeReport;
let plainReport: FakeReport;
let ids: { builtin: string; rls: string; plain: string };

const pbiConfig = (over: Partial<PowerBiConfig> = {}): PowerBiConfig => ({
  apiUrl: fake.url,
  authorityUrl: fake.url,
  tenantId: fake.tenantId,
  clientId: fake.clientId,
  clientSecret: fake.clientSecret,
  timeoutMs: 2000,
  ...over,
});
const silent = { warn: () => {} };

beforeAll(async () => {
  fake = await startPowerBiFake();
  rlsReport = fake.addReport(workspace, { name: 'Rent roll' });
  plainReport = fake.addReport(workspace, { name: 'Arrears' });
  t = await createTestApp({ powerbi: pbiConfig() });
  const db = t.database.db;
  acme = await createCompany(db, { name: 'Acme Lettings' });
  ids = {
    builtin: (await createReport(db, acme.id, { name: 'Portfolio overview', position: 0 })).id,
    rls: (
      await createReport(db, acme.id, {
        name: 'Rent roll',
        provider: 'powerbi',
        position: 1,
        workspaceId: workspace,
        reportId: rlsReport.id,
        rlsRoles: 'Tenant',
      })
    ).id,
    plain: (
      await createReport(db, acme.id, {
        name: 'Arrears',
        provider: 'powerbi',
        position: 2,
        workspaceId: workspace,
        reportId: plainReport.id,
      })
    ).id,
  };
  adminAuth = await tokenFor(db, (await createUser(db, { role: 'admin', companies: [acme] })).id);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

interface Entry {
  id: string;
  name: string;
  provider: string;
  url: string;
  token: string;
  expires_at: string | null;
  error?: string;
}
async function entries(): Promise<Record<string, Entry>> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/reports',
    headers: { ...adminAuth, 'x-tenant': acme.id },
  });
  expect(res.statusCode).toBe(200);
  const byId: Record<string, Entry> = {};
  for (const e of res.json().data.urls as Entry[]) byId[e.id] = e;
  return byId;
}

// Runs first, while the app holds no Azure AD token yet.
describe('GET /api/v1/reports with Power BI — credentials refused', () => {
  it('turns expired client credentials into an error on each Power BI report; the built-in one still works', async () => {
    fake.aadMode = 'expired-secret';
    const e = await entries();
    for (const id of [ids.rls, ids.plain]) {
      expect(e[id]).toMatchObject({
        provider: 'powerbi',
        url: '',
        token: '',
        expires_at: null,
        error: 'Power BI sign-in failed: the client credentials are invalid or have expired.',
      });
    }
    expect(e[ids.builtin].error).toBeUndefined();
    const data = await t.app.inject({
      method: 'GET',
      url: new URL(e[ids.builtin].url).pathname,
      headers: { authorization: `Bearer ${e[ids.builtin].token}` },
    });
    expect(data.statusCode).toBe(200);
    // A refused sign-in is not cached: the next listing asks Azure AD again.
    fake.aadMode = 'ok';
    expect((await entries())[ids.plain].error).toBeUndefined();
  });
});

describe('GET /api/v1/reports with Power BI — success', () => {
  it('answers the embedUrl and an embed token, with the company as RLS identity where roles are set', async () => {
    const e = await entries();
    expect(e[ids.rls]).toEqual({
      id: ids.rls,
      name: 'Rent roll',
      provider: 'powerbi',
      url: `https://app.powerbi.com/reportEmbed?reportId=${rlsReport.id}&groupId=${workspace}`,
      token: expect.stringMatching(/^embed-/),
      expires_at: expect.any(String),
    });
    expect(new Date(e[ids.rls].expires_at!).getTime()).toBeGreaterThan(Date.now() + 50 * 60 * 1000);
    expect(e[ids.plain]).toMatchObject({
      url: expect.stringContaining(plainReport.id),
      token: expect.stringMatching(/^embed-/),
    });

    expect(fake.generateTokenBodies).toHaveLength(2);
    expect(fake.generateTokenBodies).toContainEqual({
      accessLevel: 'View',
      identities: [{ username: acme.id, roles: ['Tenant'], datasets: [rlsReport.datasetId] }],
    });
    expect(fake.generateTokenBodies).toContainEqual({ accessLevel: 'View' });
    expect(fake.apiCalls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(
      [
        `GET /v1.0/myorg/groups/${workspace}/reports/${plainReport.id}`,
        `GET /v1.0/myorg/groups/${workspace}/reports/${rlsReport.id}`,
        `POST /v1.0/myorg/groups/${workspace}/reports/${plainReport.id}/GenerateToken`,
        `POST /v1.0/myorg/groups/${workspace}/reports/${rlsReport.id}/GenerateToken`,
      ].sort(),
    );
  });

  it('reuses the cached Azure AD token across reports and requests', async () => {
    await entries();
    await entries();
    expect(fake.tokenRequests).toHaveLength(0); // still the token from the previous test
    const bearers = new Set(fake.apiCalls.map((c) => c.authorization));
    expect(bearers.size).toBe(1);
    expect([...bearers][0]).toMatch(/^Bearer aad-/);
  });

  it("uses the report's dataset_id for the RLS identity when given", async () => {
    const datasetId = randomUUID();
    const report = await createReport(t.database.db, acme.id, {
      name: 'Override',
      provider: 'powerbi',
      position: 9,
      workspaceId: workspace,
      reportId: rlsReport.id,
      datasetId,
      // One role per line, as the management form keeps them.
      rlsRoles: 'Tenant\nViewer',
    });
    await entries();
    expect(fake.generateTokenBodies).toContainEqual({
      accessLevel: 'View',
      identities: [{ username: acme.id, roles: ['Tenant', 'Viewer'], datasets: [datasetId] }],
    });
    await t.database.db.delete(reports).where(eq(reports.id, report.id));
  });
});

describe('GET /api/v1/reports with Power BI — API failures', () => {
  it('turns an API 500 into an error on the Power BI reports while the built-in report still works', async () => {
    fake.apiStatus = 500;
    const e = await entries();
    expect(e[ids.rls]).toMatchObject({
      url: '',
      token: '',
      error: 'Power BI is unavailable (HTTP 500). Please try again later.',
    });
    expect(e[ids.plain].error).toBe('Power BI is unavailable (HTTP 500). Please try again later.');
    expect(e[ids.builtin]).toMatchObject({ url: expect.stringContaining('/builtin/'), token: expect.any(String) });
    expect(e[ids.builtin].error).toBeUndefined();
  });

  it('says so when the report does not exist in the workspace, or its settings are incomplete', async () => {
    const missing = await createReport(t.database.db, acme.id, {
      name: 'Gone',
      provider: 'powerbi',
      position: 10,
      workspaceId: workspace,
      reportId: randomUUID(),
    });
    const broken = await createReport(t.database.db, acme.id, {
      name: 'Broken',
      provider: 'powerbi',
      position: 11,
      workspaceId: workspace,
    });
    const e = await entries();
    expect(e[missing.id].error).toBe('The Power BI report was not found. Check the workspace and report ids.');
    expect(e[broken.id].error).toBe('This Power BI report is missing its workspace or report id.');
    expect(e[ids.plain].error).toBeUndefined();
  });
});

describe('the Power BI client', () => {
  const settings = () => ({ workspace_id: workspace, report_id: plainReport.id });

  it('asks Azure AD with client credentials for the Power BI scope', async () => {
    const client = createPowerBiClient(pbiConfig(), silent);
    await client.embed(settings(), acme.id);
    expect(fake.tokenRequests).toHaveLength(1);
    const { body, tenant } = fake.tokenRequests[0];
    expect(tenant).toBe(fake.tenantId);
    expect(Object.fromEntries(body)).toEqual({
      grant_type: 'client_credentials',
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      scope: POWERBI_SCOPE,
    });
  });

  it('shares one Azure AD request between concurrent reports, and keeps the token until 5 minutes before expiry', async () => {
    const client = createPowerBiClient(pbiConfig(), silent);
    await Promise.all([client.embed(settings(), acme.id), client.embed(settings(), acme.id)]);
    await client.embed(settings(), acme.id);
    expect(fake.tokenRequests).toHaveLength(1);

    // A token with less than 5 minutes left is not reused.
    fake.aadExpiresIn = 299;
    const shortLived = createPowerBiClient(pbiConfig(), silent);
    await shortLived.embed(settings(), acme.id);
    await shortLived.embed(settings(), acme.id);
    expect(fake.tokenRequests).toHaveLength(3);
  });

  it('gets a new Azure AD token once when the API refuses the cached one', async () => {
    const client = createPowerBiClient(pbiConfig(), silent);
    await client.embed(settings(), acme.id);
    fake.revokeTokens();
    await expect(client.embed(settings(), acme.id)).resolves.toMatchObject({ token: expect.stringMatching(/^embed-/) });
    expect(fake.tokenRequests).toHaveLength(2);
  });

  it('gives up after the configured timeout', async () => {
    fake.apiDelayMs = 600;
    const client = createPowerBiClient(pbiConfig({ timeoutMs: 150 }), silent);
    await expect(client.embed(settings(), acme.id)).rejects.toThrow(
      'Power BI did not answer in time. Please try again later.',
    );
  });

  it('says when it is not configured or cannot reach the service', async () => {
    await expect(
      createPowerBiClient(pbiConfig({ clientSecret: null }), silent).embed(settings(), acme.id),
    ).rejects.toThrow('Power BI is not configured on this server.');
    await expect(
      createPowerBiClient(pbiConfig({ authorityUrl: 'http://127.0.0.1:9' }), silent).embed(settings(), acme.id),
    ).rejects.toThrow('Power BI could not be reached. Please try again later.');
  });

  it('treats a wrong secret like an expired one', async () => {
    await expect(
      createPowerBiClient(pbiConfig({ clientSecret: 'wrong' }), silent).embed(settings(), acme.id),
    ).rejects.toThrow('Power BI sign-in failed: the client credentials are invalid or have expired.');
  });
});

describe('Power BI configuration', () => {
  it('defaults to the Microsoft hosts and reuses the Azure AD app of SSO', () => {
    expect(loadConfig({ AZURE_TENANT_ID: 't', AZURE_CLIENT_ID: 'c', AZURE_CLIENT_SECRET: 's' }).powerbi).toEqual({
      apiUrl: 'https://api.powerbi.com',
      authorityUrl: 'https://login.microsoftonline.com',
      tenantId: 't',
      clientId: 'c',
      clientSecret: 's',
      timeoutMs: 10_000,
    });
  });

  it('takes POWERBI_* over AZURE_*, and configurable hosts', () => {
    const { powerbi } = loadConfig({
      AZURE_CLIENT_ID: 'sso',
      POWERBI_CLIENT_ID: 'pbi',
      POWERBI_API_URL: 'http://127.0.0.1:9999/',
      AZURE_AUTHORITY_URL: 'http://127.0.0.1:9998',
      POWERBI_TIMEOUT_MS: '2500',
    });
    expect(powerbi).toMatchObject({
      clientId: 'pbi',
      apiUrl: 'http://127.0.0.1:9999',
      authorityUrl: 'http://127.0.0.1:9998',
      timeoutMs: 2500,
      clientSecret: null,
    });
  });
});
