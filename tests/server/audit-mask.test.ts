// The audit's secret mask: whole words of a field name decide, so a company's postcode is kept in the
// audit while passwords, codes, tokens and keys are masked — through a real change and the helper.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createUser, tokenFor } from './factories';
import { auditLog } from '../../server/db/schema';
import { audit, diff, isSecretKey, maskSecrets } from '../../server/audit';

let t: TestApp;
let superAuth: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const acme = await createCompany(db, { name: 'Acme Lettings' });
  superAuth = await tokenFor(db, (await createUser(db, { role: 'super_admin', companies: [acme] })).id);
});
afterAll(() => t?.close());

const SECRET = [
  'password',
  'new_password',
  'newPassword',
  'password_hash',
  'client_secret',
  'clientSecret',
  'token',
  'access_token',
  'refresh-token',
  'verification_code',
  'code',
  'recovery_codes',
  'api_key',
  'apiKey',
  'apikey',
  'private_key',
  'session',
  'secret',
];
const PLAIN = [
  'postcode',
  'Postcode',
  'zip_code_area_name',
  'bypass_sso',
  'keyboard_layout',
  'monkey',
  'passport_seen',
  'name',
  'email',
  'city',
  'address_line1',
  'position',
  'tenant_id',
  'jti',
  'role',
];

describe('audit secret mask', () => {
  it('masks whole secret words and keeps the rest', () => {
    for (const key of SECRET) expect(isSecretKey(key), key).toBe(true);
    for (const key of PLAIN.filter((k) => k !== 'zip_code_area_name')) expect(isSecretKey(key), key).toBe(false);
    // "code" as a word of a longer name is still a code.
    expect(isSecretKey('zip_code_area_name')).toBe(true);
    const detail = Object.fromEntries([...SECRET, ...PLAIN].map((k) => [k, `value of ${k}`]));
    const masked = maskSecrets(detail)!;
    for (const key of SECRET) expect(masked[key], key).toBe('***');
    expect(masked.postcode).toBe('value of postcode');
    expect(masked.bypass_sso).toBe('value of bypass_sso');
    expect(
      diff({ postcode: 'LS1 1AA', new_password: 'old' }, { postcode: 'LS2 2BB', new_password: 'Secret-123' }),
    ).toEqual({
      postcode: { before: 'LS1 1AA', after: 'LS2 2BB' },
      new_password: { before: '***', after: '***' },
    });
  });

  it('writes masked secrets and a readable postcode into the audit rows', async () => {
    await audit(t.database.db, {
      action: 'test.mask',
      owner: null,
      before: { postcode: 'LS1 1AA', client_secret: 'old-secret' },
      after: { postcode: 'LS2 2BB', client_secret: 'new-secret' },
      detail: { password: 'Hunter-22x', verification_code: '123456', token: 'oly_abc', postcode: 'LS2 2BB' },
    });
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'test.mask'));
    expect(row.changes).toEqual({
      postcode: { before: 'LS1 1AA', after: 'LS2 2BB' },
      client_secret: { before: '***', after: '***' },
    });
    expect(row.detail).toEqual({ password: '***', verification_code: '***', token: '***', postcode: 'LS2 2BB' });
    expect(JSON.stringify(row)).not.toMatch(/old-secret|new-secret|Hunter-22x|123456|oly_abc/);
  });

  it("keeps a company's postcode change readable in its audit row", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies',
      headers: superAuth,
      payload: { name: 'Postcode Homes', address_line_1: '2 Low Street', city: 'York', postcode: 'YO1 7HH' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'company'), eq(auditLog.entityId, id)));
    expect((row.changes as Record<string, { after?: unknown }>).postcode).toEqual({ after: 'YO1 7HH' });
  });
});
