// Safe production defaults: with DATABASE_URL there is no demo data, no demo systems and no printed
// password; the first super admin comes from OLYMPUS_BOOTSTRAP_ADMIN_EMAIL/_PASSWORD, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { authClient } from './auth-client';
import { companies, roles, systems, users, userSystems } from '../../server/db/schema';
import { bootstrapFromConfig, type BootstrapLog } from '../../server/db/bootstrap';
import { ConfigError, loadConfig } from '../../server/config';

const PRODUCTION = {
  DATABASE_URL: 'postgres://olympus:pw@db.example:5432/olympus',
  OLYMPUS_SECRET_KEY: 'a'.repeat(64),
};
const PASSWORD = 'Bootstrap-Secret-42';

let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp({ demoSystems: loadConfig(PRODUCTION).demoSystems });
});
afterAll(() => t?.close());

/** A logger that keeps every line, to prove the password never reaches it. */
function captureLog() {
  const lines: string[] = [];
  const log: BootstrapLog = { info: (m) => lines.push(m), warn: (m) => lines.push(m) };
  return { log, lines };
}

async function superAdmins() {
  return db()
    .select({ id: users.id, email: users.email, mustChangePassword: users.mustChangePassword })
    .from(userSystems)
    .innerJoin(users, eq(users.id, userSystems.userId))
    .innerJoin(roles, eq(roles.id, userSystems.roleId))
    .innerJoin(systems, eq(systems.id, userSystems.systemId))
    .where(and(eq(systems.name, 'Olympus'), eq(roles.name, 'super_admin')));
}

describe('configuration defaults', () => {
  it('keep demo data and demo systems on for the embedded database', () => {
    expect(loadConfig({})).toMatchObject({ seedDemo: true, demoSystems: true, bootstrapAdmin: null });
  });

  it('turn them off with DATABASE_URL unless asked for', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({ seedDemo: false, demoSystems: false });
    expect(
      loadConfig({
        ...PRODUCTION,
        OLYMPUS_SEED: 'true',
        OLYMPUS_DEMO_PASSWORD: 'Demo-Password-1',
        OLYMPUS_DEMO_SYSTEMS: 'true',
      }),
    ).toMatchObject({
      seedDemo: true,
      demoSystems: true,
    });
  });

  it('refuse to generate (and print) a demo password for a PostgreSQL database', () => {
    expect(() => loadConfig({ ...PRODUCTION, OLYMPUS_SEED: 'true' })).toThrow(
      'OLYMPUS_SEED=true with DATABASE_URL needs OLYMPUS_DEMO_PASSWORD: Olympus does not print a generated password for a PostgreSQL database.',
    );
  });

  it('read the bootstrap admin, and check it without echoing the password', () => {
    const c = loadConfig({
      ...PRODUCTION,
      OLYMPUS_BOOTSTRAP_ADMIN_EMAIL: 'ops@example.com',
      OLYMPUS_BOOTSTRAP_ADMIN_PASSWORD: PASSWORD,
    });
    expect(c.bootstrapAdmin).toEqual({ email: 'ops@example.com', password: PASSWORD });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };
    expect(problems({ OLYMPUS_BOOTSTRAP_ADMIN_EMAIL: 'ops@example.com' })).toEqual([
      'OLYMPUS_BOOTSTRAP_ADMIN_EMAIL and OLYMPUS_BOOTSTRAP_ADMIN_PASSWORD must be set together.',
    ]);
    const weak = problems({
      OLYMPUS_BOOTSTRAP_ADMIN_EMAIL: 'ops@example.com',
      OLYMPUS_BOOTSTRAP_ADMIN_PASSWORD: 'weakpassword',
    });
    expect(weak).toEqual([
      'OLYMPUS_BOOTSTRAP_ADMIN_PASSWORD must be 9 to 128 characters with upper case, lower case and a digit, and not a common password.',
    ]);
    expect(JSON.stringify(weak)).not.toContain('weakpassword');
  });
});

describe('with DATABASE_URL by default', () => {
  it('does not serve the demo systems', async () => {
    for (const url of ['/demo/everest', '/demo/portal', '/demo/portal/auth/olympus?token=x']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('the bootstrap admin', () => {
  it('is created once, by exactly one of several instances starting at the same time', async () => {
    const starts = Array.from({ length: 4 }, (_, i) => {
      const capture = captureLog();
      const admin = { email: `ops${i}@example.com`, password: PASSWORD };
      return {
        capture,
        run: bootstrapFromConfig(db(), { bootstrapAdmin: admin, publicUrl: 'http://olympus.test' }, capture.log),
      };
    });
    const results = await Promise.all(starts.map((s) => s.run));
    expect(results.filter((r) => r?.created)).toHaveLength(1);
    const admins = await superAdmins();
    expect(admins).toHaveLength(1);
    expect(admins[0].mustChangePassword).toBe(true);
    // No demo data came with it.
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(companies)
      )[0].n,
    ).toBe(0);
    expect((await db().select({ name: systems.name }).from(systems)).map((s) => s.name)).toEqual(['Olympus']);
    for (const s of starts) {
      expect(s.capture.lines.join('\n')).not.toContain(PASSWORD);
      expect(s.capture.lines.at(-1)).toBe(
        'Remove OLYMPUS_BOOTSTRAP_ADMIN_EMAIL and OLYMPUS_BOOTSTRAP_ADMIN_PASSWORD from the environment: they are needed only once.',
      );
    }
  });

  it('is ignored, with a log line, once a super admin exists', async () => {
    const { log, lines } = captureLog();
    const result = await bootstrapFromConfig(
      db(),
      { bootstrapAdmin: { email: 'late@example.com', password: PASSWORD }, publicUrl: 'http://olympus.test' },
      log,
    );
    expect(result).toEqual({ created: false, reason: 'super_admin_exists' });
    expect(await superAdmins()).toHaveLength(1);
    expect(lines[0]).toBe(
      'A super admin already exists, so OLYMPUS_BOOTSTRAP_ADMIN_EMAIL and OLYMPUS_BOOTSTRAP_ADMIN_PASSWORD were ignored.',
    );
  });

  it('must choose a new password at the first sign-in, then has the whole super admin role', async () => {
    const [admin] = await superAdmins();
    const c = authClient(t);
    const first = await c.login(admin.email, PASSWORD);
    expect(first.statusCode, first.body).toBe(200);
    const { session, username } = first.json().data;
    expect(session).toBeTruthy();
    const set = await c.post('/api/v1/auth/password/new', {
      username,
      name: username,
      new_password: 'Chosen-By-Ops-77',
      session,
    });
    expect(set.statusCode, set.body).toBe(200);
    const { authorization } = await c.signIn(admin.email, 'Chosen-By-Ops-77');
    const me = await c.get('/api/v1/session', { authorization });
    expect(me.statusCode, me.body).toBe(200);
    const created = await c.post(
      '/api/v1/companies',
      { name: 'First Company', address_line_1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA' },
      { headers: { authorization } },
    );
    expect(created.statusCode, created.body).toBeLessThan(300);
    // The bootstrap password no longer works.
    expect((await c.login(admin.email, PASSWORD)).statusCode).toBe(401);
  });
});
