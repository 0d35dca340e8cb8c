// Two-factor sign-in required of super admins (OLYMPUS_SUPER_ADMIN_TWO_FACTOR): the super_admin role
// cannot be edited, so the operator turns the rule on for it. A super admin signed in with a
// password alone then reaches only enrolment, like the holder of any role that requires it
// (tests/server/two-factor-required.test.ts); with the setting off, nothing changes for them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createUser } from './factories';
import { authClient } from './auth-client';
import { enrol } from './two-factor-client';
import { rowsOf } from './privilege-fixtures';
import { loadConfig } from '../../server/config';
import { TWO_FACTOR_REQUIRED_MSG } from '../../server/auth/twoFactorGate';

describe('OLYMPUS_SUPER_ADMIN_TWO_FACTOR', () => {
  it('is off unless set, and read as a yes/no', () => {
    expect(loadConfig({}).superAdminTwoFactor).toBe(false);
    expect(loadConfig({ OLYMPUS_SUPER_ADMIN_TWO_FACTOR: 'true' }).superAdminTwoFactor).toBe(true);
  });
});

describe.each([true, false])('a super admin signed in with a password alone, the setting %s', (required) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ superAdminTwoFactor: required });
  });
  afterAll(() => t.close());

  async function superAdmin() {
    const db = t.database.db;
    const company = await createCompany(db);
    const user = await createUser(db, { role: 'super_admin', companies: [company] });
    const auth = await authClient(t).signIn(user.email);
    return { ...auth, 'x-tenant': company.id };
  }
  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

  it(
    required
      ? 'reaches only enrolment: every other call is refused, in parallel, with nothing changed'
      : 'reaches everything as before',
    async () => {
      const headers = await superAdmin();
      const count = async () =>
        rowsOf(
          t.database.db,
          sql`select (select count(*)::int from companies) as companies, (select count(*)::int from users) as users`,
        );
      const before = await count();
      const attempts = await Promise.all([
        inject('GET', '/users', headers),
        inject('GET', '/companies', headers),
        inject('POST', '/companies', headers, { name: 'Sneaky Lettings' }),
        inject('GET', '/roles', headers),
      ]);
      const session = await inject('GET', '/session', headers);
      expect(session.statusCode).toBe(200);
      expect(session.json().data.two_factor_required).toBe(required);
      if (required) {
        for (const res of attempts)
          expect({ status: res.statusCode, body: res.json() }).toEqual({
            status: 403,
            body: { message: TWO_FACTOR_REQUIRED_MSG },
          });
        expect(await count()).toEqual(before);
        // Enrolling lifts it at once.
        await enrol(t, headers);
        expect((await inject('GET', '/users', headers)).statusCode).toBe(200);
      } else {
        expect(attempts.map((r) => r.statusCode)).toEqual([200, 200, 201, 200]);
      }
    },
  );
});
