// An administrator resets a user's second factor from the user edit screen: within reach only (the
// same rules as changing how they sign in), audited, the user mailed and signed out everywhere — and
// attacked: another company's user, a colleague beyond reach, a super_admin, parallel resets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createUser, PASSWORD } from './factories';
import { auditRows, auditText, authClient, uniqueIp } from './auth-client';
import { enrol } from './two-factor-client';
import { recoveryCodes, users } from '../../server/db/schema';
import { issueToken } from '../../server/auth/tokens';
import { TWO_FACTOR_RESET_SUBJECT } from '../../server/twoFactor/resetMail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const bearer = async (userId: string) => ({
  authorization: `Bearer ${(await issueToken(db(), userId, { amr: ['pwd'] })).token}`,
});
const row = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];
const call = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  tenant: string,
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers, 'x-tenant': tenant },
    remoteAddress: uniqueIp(),
  });
const alive = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'POST', url: '/api/v1/auth/authenticated', headers, remoteAddress: uniqueIp() }))
    .statusCode;

async function enrolledStaff(companies: { id: string }[]) {
  const staff = await createUser(db(), { role: 'system_user', companies });
  const headers = await bearer(staff.id);
  const { secret } = await enrol(t, headers);
  return { staff, headers, secret };
}

describe('POST /users/{id}/two-factor/reset', () => {
  it('an admin of the user’s company resets it: secret and codes gone, signed out, audited, mailed', async () => {
    const company = await createCompany(db());
    const admin = await createUser(db(), { role: 'admin', companies: [company], name: 'Alex Admin' });
    const adminHeaders = await bearer(admin.id);
    const { staff, headers, secret } = await enrolledStaff([company]);
    expect((await call('GET', `/users/${staff.id}/two-factor`, adminHeaders, company.id)).json()).toEqual({
      data: { enabled: true, may_reset: true },
    });

    const mails = t.mail.messages.length;
    const res = await call('POST', `/users/${staff.id}/two-factor/reset`, adminHeaders, company.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      message: 'Two-factor sign-in has been reset. The user has been signed out and told by email.',
      enabled: false,
    });
    const after = await row(staff.id);
    expect([after.totpSecret, after.totpEnabledAt, after.totpLastStep]).toEqual([null, null, null]);
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, staff.id))).toEqual([]);
    expect(await alive(headers)).toBe(401);
    expect(await alive(adminHeaders)).toBe(200);
    const [audit] = (await auditRows(t, 'users.two_factor_reset')).filter((r) => r.entity_id === staff.id);
    expect(audit.actor_id).toBe(admin.id);
    expect(await auditText(t)).not.toContain(secret);
    const mail = await t.mail.waitFor(staff.email, { after: mails });
    expect(mail.subject).toBe(TWO_FACTOR_RESET_SUBJECT);
    expect(mail.text).toContain('Alex Admin has reset the two-factor sign-in');
    // The password alone signs in again.
    expect((await authClient(t).login(staff.email, PASSWORD)).json().data.access_token).toMatch(/^oly_/);
    expect((await call('GET', `/users/${staff.id}/two-factor`, adminHeaders, company.id)).json()).toEqual({
      data: { enabled: false, may_reset: true },
    });
    expect((await call('POST', `/users/${staff.id}/two-factor/reset`, adminHeaders, company.id)).statusCode).toBe(409);
  });

  it('parallel resets: one resets, the others find it off; one audit row, one mail', async () => {
    const company = await createCompany(db());
    const adminHeaders = await bearer((await createUser(db(), { role: 'admin', companies: [company] })).id);
    const { staff } = await enrolledStaff([company]);
    const mails = t.mail.messages.length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', `/users/${staff.id}/two-factor/reset`, adminHeaders, company.id)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await auditRows(t, 'users.two_factor_reset')).filter((r) => r.entity_id === staff.id)).toHaveLength(1);
    await t.mail.waitFor(staff.email, { after: mails });
    await new Promise((r) => setTimeout(r, 200));
    expect(t.mail.messages.slice(mails).filter((m) => m.to.includes(staff.email))).toHaveLength(1);
  });

  it('refuses beyond reach and leaves the second factor, the sessions and the audit as they were', async () => {
    const a = await createCompany(db());
    const b = await createCompany(db());
    const adminHeaders = await bearer((await createUser(db(), { role: 'admin', companies: [a] })).id);
    const cases = [
      // Another company's user only: not found (from A) or not the admin's company (B).
      { victim: await enrolledStaff([b]), tenant: a.id, want: 404 },
      { victim: await enrolledStaff([b]), tenant: b.id, want: 403 },
      // A colleague who also works for a company the admin does not manage.
      { victim: await enrolledStaff([a, b]), tenant: a.id, want: 403 },
    ];
    const boss = await createUser(db(), { role: 'super_admin', companies: [a] });
    const bossHeaders = await bearer(boss.id);
    await enrol(t, bossHeaders);
    const staffHeaders = await bearer((await createUser(db(), { role: 'system_user', companies: [a] })).id);
    const attempts = [
      ...cases.map((c) => ({
        id: c.victim.staff.id,
        headers: adminHeaders,
        tenant: c.tenant,
        want: c.want,
        session: c.victim.headers,
      })),
      { id: boss.id, headers: adminHeaders, tenant: a.id, want: 403, session: bossHeaders },
      {
        id: cases[2].victim.staff.id,
        headers: staffHeaders,
        tenant: a.id,
        want: 403,
        session: cases[2].victim.headers,
      },
    ];
    for (const at of attempts) {
      const before = await row(at.id);
      const res = await call('POST', `/users/${at.id}/two-factor/reset`, at.headers, at.tenant);
      expect(res.statusCode, at.id).toBe(at.want);
      const after = await row(at.id);
      expect([after.totpSecret, after.totpEnabledAt]).toEqual([before.totpSecret, before.totpEnabledAt]);
      expect(await alive(at.session)).toBe(200);
      expect((await auditRows(t, 'users.two_factor_reset')).filter((r) => r.entity_id === at.id)).toEqual([]);
    }
  });
});
