// Company integrations: the catalogue per company, settings stored per company, secrets
// encrypted at rest, never echoed (not in any response, not in the audit log), blank keeps them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany } from './factories';
import { apiAs, auditFor, createWorld, type Api, type World } from './resources-fixtures';
import { INTEGRATIONS } from '../../server/integrations/catalogue';

let t: TestApp;
let w: World;
let sa: Api;
const db = () => t.database.db;
/** Every response body of this file, to prove no secret ever left the server. */
const bodies: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  const api = apiAs(t, w.headers.super_admin, w.own.id);
  const keep = async (p: ReturnType<Api['get']>) => {
    const res = await p;
    bodies.push(res.body);
    return res;
  };
  sa = {
    request: (m, u, b, tn) => keep(api.request(m, u, b, tn)),
    get: (u, tn) => keep(api.get(u, tn)),
    post: (u, b, tn) => keep(api.post(u, b, tn)),
    put: (u, b, tn) => keep(api.put(u, b, tn)),
    delete: (u, tn) => keep(api.delete(u, tn)),
  };
});
afterAll(() => t.close());

const SECRET = 'xero-Client-Secret-4f9a1c';
const API_KEY = 'fixflo-key-77ab09';

type Field = { name: string; type: string; value?: unknown; 'label-help'?: string; checked?: boolean };
const fieldsOf = (body: { fields: { fields: Field[] }[] }) =>
  Object.fromEntries(body.fields.flatMap((g) => g.fields).map((f) => [f.name, f]));
async function storedRow(companyId: string, integration: string) {
  const res = await db().execute(
    sql`select settings, secrets from integration_settings where company_id = ${companyId} and integration = ${integration}`,
  );
  return (res as unknown as { rows: { settings: Record<string, unknown>; secrets: string | null }[] }).rows[0];
}

describe('integrations', () => {
  it('GET /company/{id}/integrations lists the catalogue; an unknown company is 404', async () => {
    const res = await sa.get(`/company/${w.own.id}/integrations`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        integrations: [
          { value: 'accounting', label: 'Accounting (Xero)' },
          { value: 'maintenance', label: 'Maintenance (Fixflo)' },
          { value: 'portal-feed', label: 'Property portal feed (Rightmove)' },
        ],
      },
    });
    const missing = await sa.get('/company/00000000-0000-4000-8000-000000000000/integrations');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Company not found.' });
  });

  it('the edit form: the catalogue’s fields, empty at first', async () => {
    const res = await sa.get(`/companies/${w.own.id}/integrations/accounting/edit`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toEqual({ value: 'accounting', label: 'Accounting (Xero)' });
    const f = fieldsOf(body);
    expect(Object.keys(f)).toEqual(['tenant_id', 'client_id', 'client_secret']);
    expect(f.client_secret).toMatchObject({ type: 'password', value: '' });
    expect(f.client_secret['label-help']).toBeUndefined();
  });

  it('stores settings per company, encrypts secrets at rest and never sends them back', async () => {
    const res = await sa.put(`/companies/${w.own.id}/integrations/accounting`, {
      tenant_id: ' T-123 ',
      client_id: 'client-1',
      client_secret: SECRET,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: 'Accounting (Xero) settings have been updated' } });

    const row = await storedRow(w.own.id, 'accounting');
    expect(row.settings).toEqual({ tenant_id: 'T-123', client_id: 'client-1' });
    expect(row.secrets).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(row.secrets).not.toContain(SECRET);
    expect(Buffer.from(row.secrets as string, 'base64').toString('latin1')).not.toContain(SECRET);

    const f = fieldsOf((await sa.get(`/companies/${w.own.id}/integrations/accounting/edit`)).json());
    expect(f.tenant_id.value).toBe('T-123');
    expect(f.client_secret).toMatchObject({ value: '', 'label-help': 'Set — leave blank to keep' });

    // Another company has its own, empty settings.
    const other = fieldsOf((await sa.get(`/companies/${w.other.id}/integrations/accounting/edit`)).json());
    expect(other.tenant_id.value).toBe('');
    expect(other.client_secret['label-help']).toBeUndefined();
  });

  it('a blank secret keeps the stored one; a new one replaces it', async () => {
    const company = await createCompany(db());
    await sa.put(`/companies/${company.id}/integrations/maintenance`, {
      api_url: 'https://fixflo.example/api/v2',
      api_key: API_KEY,
    });
    const before = await storedRow(company.id, 'maintenance');
    expect(
      (
        await sa.put(`/companies/${company.id}/integrations/maintenance`, {
          api_url: 'https://fixflo.example/api/v3',
          api_key: '',
        })
      ).statusCode,
    ).toBe(200);
    const kept = await storedRow(company.id, 'maintenance');
    expect(kept.settings.api_url).toBe('https://fixflo.example/api/v3');
    expect(
      fieldsOf((await sa.get(`/companies/${company.id}/integrations/maintenance/edit`)).json()).api_key['label-help'],
    ).toBe('Set — leave blank to keep');
    // Re-sealed with a fresh IV even when unchanged, but still opens to a set key.
    expect(kept.secrets).not.toBe(before.secrets);
    await sa.put(`/companies/${company.id}/integrations/maintenance`, { api_key: 'replacement-key-1' });
    expect((await storedRow(company.id, 'maintenance')).settings.api_url).toBe('https://fixflo.example/api/v3');
  });

  it('audits each update with secrets masked', async () => {
    const company = await createCompany(db());
    await sa.put(`/companies/${company.id}/integrations/accounting`, { tenant_id: 'T-1', client_secret: SECRET });
    await sa.put(`/companies/${company.id}/integrations/accounting`, { tenant_id: 'T-2', client_secret: '' });
    const rows = await auditFor(db(), `${company.id}:accounting`);
    expect(rows.map((r) => r.action)).toEqual(['integration.updated', 'integration.updated']);
    // The company's row, whatever company the super admin had chosen (X-Tenant: own).
    expect(rows[0]).toMatchObject({
      actor_id: w.users.super_admin.id,
      tenant_id: company.id,
      entity: 'integration',
      detail: { write_only_changed: ['client_secret'] },
    });
    expect(rows[0].changes).toEqual({
      tenant_id: { before: null, after: 'T-1' },
      client_secret: { before: '***', after: '***' },
    });
    expect(rows[1].changes).toEqual({ tenant_id: { before: 'T-1', after: 'T-2' } });
    expect(rows[1].detail).toBeNull();
    const all = await db().execute(sql`select * from audit_log`);
    expect(JSON.stringify(all)).not.toContain(SECRET);
  });

  it('validates each field type: URL, phone, checkbox, lengths', async () => {
    const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
      ['maintenance', { api_url: 'javascript:alert(1)' }, { api_url: ['The api url format is invalid.'] }],
      ['maintenance', { api_url: 'not a url' }, { api_url: ['The api url format is invalid.'] }],
      [
        'maintenance',
        { api_url: `https://x.example/${'a'.repeat(2048)}` },
        { api_url: ['The api url may not be greater than 2048 characters.'] },
      ],
      [
        'maintenance',
        { out_of_hours_phone: '0113 496' },
        { out_of_hours_phone: ['The out of hours phone must be at least 10 characters.'] },
      ],
      [
        'maintenance',
        { out_of_hours_phone: 'call me maybe' },
        { out_of_hours_phone: ['The out of hours phone format is invalid.'] },
      ],
      [
        'maintenance',
        { api_key: 'k'.repeat(1001) },
        { api_key: ['The api key may not be greater than 1000 characters.'] },
      ],
      ['portal-feed', { enabled: 'sometimes' }, { enabled: ['The enabled must be a boolean.'] }],
      [
        'portal-feed',
        { branch_id: 'b'.repeat(256) },
        { branch_id: ['The branch id may not be greater than 255 characters.'] },
      ],
      ['accounting', { tenant_id: ['a', 'b'] }, { tenant_id: ['The tenant id must be a string.'] }],
    ];
    for (const [integration, body, errors] of cases) {
      const res = await sa.put(`/companies/${w.own.id}/integrations/${integration}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    const ok = await sa.put(`/companies/${w.own.id}/integrations/maintenance`, {
      out_of_hours_phone: '+44 113 496 0000',
      api_url: '',
    });
    expect(ok.statusCode).toBe(200);
    const feed = await sa.put(`/companies/${w.own.id}/integrations/portal-feed`, {
      enabled: true,
      feed_url: 'https://feeds.example/rm',
    });
    expect(feed.json().data.message).toBe('Property portal feed (Rightmove) settings have been updated');
    const f = fieldsOf((await sa.get(`/companies/${w.own.id}/integrations/portal-feed/edit`)).json());
    expect(f.enabled).toMatchObject({ type: 'checkbox', value: true, checked: true });
  });

  it('an unknown integration or company answers 404', async () => {
    for (const res of [
      await sa.get(`/companies/${w.own.id}/integrations/payroll/edit`),
      await sa.put(`/companies/${w.own.id}/integrations/payroll`, { x: 1 }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Integration not found.' });
    }
    const res = await sa.put('/companies/nope/integrations/accounting', { tenant_id: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Company not found.' });
  });

  it('a sealed value copied to another company’s row does not open there (and does not fail the page)', async () => {
    const a = await createCompany(db());
    const b = await createCompany(db());
    await sa.put(`/companies/${a.id}/integrations/accounting`, { client_secret: SECRET });
    await db().execute(sql`insert into integration_settings (company_id, integration, settings, secrets)
      select ${b.id}, integration, settings, secrets from integration_settings where company_id = ${a.id} and integration = 'accounting'`);
    const res = await sa.get(`/companies/${b.id}/integrations/accounting/edit`);
    expect(res.statusCode).toBe(200);
    expect(fieldsOf(res.json()).client_secret['label-help']).toBeUndefined();
  });

  it('without OLYMPUS_SECRET_KEY, the key lives in <dataDir>/secret.key with mode 600', () => {
    const file = path.join(t.config.dataDir, 'secret.key');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('no response of this file ever carried a secret', () => {
    expect(bodies.length).toBeGreaterThan(15);
    for (const body of bodies)
      for (const secret of [SECRET, API_KEY, 'replacement-key-1']) expect(body).not.toContain(secret);
  });

  it('every catalogue entry has a form and an update route', async () => {
    for (const def of INTEGRATIONS) {
      expect((await sa.get(`/companies/${w.own.id}/integrations/${def.value}/edit`)).statusCode).toBe(200);
      expect((await sa.put(`/companies/${w.own.id}/integrations/${def.value}`, {})).statusCode).toBe(200);
    }
  });
});
