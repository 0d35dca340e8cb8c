// The access review (GET /users/review, POST /users/review/disable and /remove-access) and the
// automatic disabling of dormant accounts, with the attacks that must fail: ids of users in another
// company or beyond reach are refused one by one and left exactly as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createSystem, createUser, tokenFor } from './factories';
import { auditRows, uniqueIp } from './auth-client';
import { userFingerprint } from './privilege-fixtures';
import { users } from '../../server/db/schema';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config';
import { disableDormantUsers } from '../../server/users/dormantDisabler';
import type { ReviewOutcome, ReviewUser } from '../../contract/accessReview';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

type Headers = { authorization: string };

function call(
  method: 'GET' | 'POST',
  url: string,
  headers: Headers,
  tenant?: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: tenant ? { ...headers, 'x-tenant': tenant } : headers,
    payload: payload as object,
    remoteAddress: uniqueIp(),
  });
}

const alive = async (h: Headers) => (await call('POST', '/auth/authenticated', h)).statusCode;
const lastSeen = (id: string, at: Date | null) => db().update(users).set({ lastLoginAt: at }).where(eq(users.id, id));
const created = (id: string, at: Date) => db().update(users).set({ createdAt: at }).where(eq(users.id, id));
const review = async (h: Headers, tenant: string | undefined, query = '') => {
  const res = await call('GET', `/users/review${query}`, h, tenant);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: ReviewUser[]; total: number };
};
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('the review list', () => {
  it('lists users not signed in for N days and never-used invitations, with their systems and roles', async () => {
    const company = await createCompany(db());
    const adminUser = await createUser(db(), {
      role: 'admin',
      companies: [company],
      systems: [{ name: 'Everest', role: 'manager' }],
    });
    const admin = await tokenFor(db(), adminUser.id);
    await lastSeen(adminUser.id, new Date());
    const dormant = await createUser(db(), {
      role: 'system_user',
      companies: [company],
      systems: [{ name: 'Everest', role: 'manager' }],
    });
    await lastSeen(dormant.id, daysAgo(120));
    const recent = await createUser(db(), { role: 'system_user', companies: [company] });
    await lastSeen(recent.id, daysAgo(10));
    const invited = await createUser(db(), { companies: [company], mustChangePassword: true });
    const disabled = await createUser(db(), { companies: [company], disabled: true });
    await lastSeen(disabled.id, daysAgo(400));
    const neverOld = await createUser(db(), { companies: [company] });
    await created(neverOld.id, daysAgo(200));

    const list = await review(admin, company.id);
    expect(ids(list.data).sort()).toEqual([dormant.id, invited.id, neverOld.id].sort());
    expect(list.total).toBe(3);
    const row = list.data.find((r) => r.id === dormant.id) as ReviewUser;
    expect(row).toMatchObject({
      reason: 'dormant',
      olympus_role: 'System User',
      refusal: null,
      companies: [{ id: company.id, name: company.name }],
    });
    expect(row.systems).toEqual([{ id: expect.any(String), name: 'Everest', role: 'Manager' }]);
    expect(list.data.find((r) => r.id === invited.id)).toMatchObject({
      reason: 'invitation_unused',
      last_login_at: null,
    });
    expect(list.data.find((r) => r.id === neverOld.id)).toMatchObject({ reason: 'never_signed_in' });
    // Never-signed-in users come first, then the oldest sign-in.
    expect(list.data[list.data.length - 1].id).toBe(dormant.id);

    // A shorter window also takes the user last seen 10 days ago; a longer one drops the 120-day one.
    expect(ids((await review(admin, company.id, '?days=7')).data)).toContain(recent.id);
    expect(ids((await review(admin, company.id, '?days=150')).data)).not.toContain(dormant.id);
  });

  it('an admin sees only their company’s users; ?all=true is for a super admin only', async () => {
    const a = await createCompany(db());
    const b = await createCompany(db());
    const admin = await tokenFor(db(), (await createUser(db(), { role: 'admin', companies: [a] })).id);
    const mine = await createUser(db(), { companies: [a] });
    const theirs = await createUser(db(), { companies: [b] });
    for (const u of [mine, theirs]) await lastSeen(u.id, daysAgo(100));
    const seen = ids((await review(admin, a.id)).data);
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(theirs.id);
    expect((await call('GET', '/users/review', admin, b.id)).statusCode).toBe(403);
    expect((await call('GET', '/users/review?all=true', admin, a.id)).statusCode).toBe(403);

    const boss = await tokenFor(db(), (await createUser(db(), { role: 'super_admin', companies: [a] })).id);
    const everyone = ids((await review(boss, undefined, '?all=true')).data);
    expect(everyone).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it('marks users beyond the admin’s reach with the reason', async () => {
    const a = await createCompany(db());
    const b = await createCompany(db());
    const admin = await tokenFor(db(), (await createUser(db(), { role: 'admin', companies: [a] })).id);
    const shared = await createUser(db(), { companies: [a, b] });
    await lastSeen(shared.id, daysAgo(100));
    const row = (await review(admin, a.id)).data.find((r) => r.id === shared.id) as ReviewUser;
    expect(row.refusal).toMatch(/companies you do not manage/);
    // Only the admin's own companies are shown.
    expect(row.companies.map((c) => c.id)).toEqual([a.id]);
  });

  it('refuses bad input with 422 naming the field, and a system_user with 403', async () => {
    const company = await createCompany(db());
    const admin = await tokenFor(db(), (await createUser(db(), { role: 'admin', companies: [company] })).id);
    for (const q of ['?days=0', '?days=abc', '?days=99999']) {
      const res = await call('GET', `/users/review${q}`, admin, company.id);
      expect(res.statusCode, q).toBe(422);
      expect(Object.keys(res.json().errors)).toContain('days');
    }
    for (const body of [{}, { ids: [] }, { ids: ['not-a-uuid'] }]) {
      const res = await call('POST', '/users/review/disable', admin, company.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors).join()).toMatch(/ids/);
    }
    const olympus = await createSystem(db(), 'Olympus', null);
    const target = await createUser(db(), { companies: [company] });
    const res = await call('POST', '/users/review/remove-access', admin, company.id, {
      ids: [target.id],
      system: olympus.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ system: ['Choose a connected system.'] });

    const staff = await tokenFor(db(), (await createUser(db(), { role: 'system_user', companies: [company] })).id);
    const before = await userFingerprint(db(), target.id);
    expect((await call('GET', '/users/review', staff, company.id)).statusCode).toBe(403);
    expect((await call('POST', '/users/review/disable', staff, company.id, { ids: [target.id] })).statusCode).toBe(403);
    expect(await userFingerprint(db(), target.id)).toEqual(before);
  });
});

describe('acting on the review', () => {
  it('disabling ends the user’s sessions at once and is audited per user', async () => {
    const company = await createCompany(db());
    const adminUser = await createUser(db(), { role: 'admin', companies: [company] });
    const admin = await tokenFor(db(), adminUser.id);
    const sleeper = await createUser(db(), { role: 'system_user', companies: [company] });
    const session = await tokenFor(db(), sleeper.id);
    expect(await alive(session)).toBe(200);

    const res = await call('POST', '/users/review/disable', admin, company.id, { ids: [sleeper.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ message: '1 user done', done: [sleeper.id], refused: [] });
    expect(await alive(session)).toBe(401);
    expect(await alive(admin)).toBe(200);
    const rows = (await auditRows(t, 'users.review_disabled')).filter((r) => r.entity_id === sleeper.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].actor_id).toBe(adminUser.id);
    // Disabled users leave the review.
    expect(ids((await review(admin, company.id, '?days=1')).data)).not.toContain(sleeper.id);
  });

  it('attack: ids of another company’s user, a shared user, a higher user, a super admin and oneself are refused and untouched; the rest done', async () => {
    const a = await createCompany(db());
    const b = await createCompany(db());
    const adminUser = await createUser(db(), { role: 'admin', companies: [a] });
    const admin = await tokenFor(db(), adminUser.id);
    const mine = await createUser(db(), { role: 'system_user', companies: [a] });
    const stranger = await createUser(db(), { role: 'system_user', companies: [b] });
    const shared = await createUser(db(), { role: 'system_user', companies: [a, b] });
    const higher = await createUser(db(), { companies: [a], systems: [{ name: 'Everest', role: 'manager' }] });
    const boss = await createUser(db(), { role: 'super_admin', companies: [a] });
    const victims = [stranger, shared, higher, boss, adminUser];
    const sessions = await Promise.all(victims.map((v) => tokenFor(db(), v.id)));
    const before = await Promise.all(victims.map((v) => userFingerprint(db(), v.id)));

    const res = await call('POST', '/users/review/disable', admin, a.id, {
      ids: [mine.id, ...victims.map((v) => v.id)],
    });
    expect(res.statusCode).toBe(200);
    const out = res.json().data as ReviewOutcome;
    expect(out.done).toEqual([mine.id]);
    expect(Object.fromEntries(out.refused.map((r) => [r.id, r.message]))).toEqual({
      [stranger.id]: 'User not found.',
      [shared.id]: expect.stringMatching(/companies you do not manage/),
      [higher.id]: expect.stringMatching(/access you do not hold/),
      [boss.id]: 'Only a super admin can change a super admin.',
      [adminUser.id]: 'You cannot change your own access here.',
    });
    expect(out.message).toBe('1 user done, 5 refused');
    expect(await Promise.all(victims.map((v) => userFingerprint(db(), v.id)))).toEqual(before);
    for (const s of sessions) expect(await alive(s)).toBe(200);
  });

  it('attack in parallel: the same ids sent many times at once disable each user once, refused ones never', async () => {
    const a = await createCompany(db());
    const b = await createCompany(db());
    const admin = await tokenFor(db(), (await createUser(db(), { role: 'admin', companies: [a] })).id);
    const mine = await createUser(db(), { companies: [a] });
    const shared = await createUser(db(), { companies: [a, b] });
    const before = await userFingerprint(db(), shared.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', '/users/review/disable', admin, a.id, { ids: [mine.id, shared.id] }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect((await auditRows(t, 'users.review_disabled')).filter((r) => r.entity_id === mine.id)).toHaveLength(1);
    expect(await userFingerprint(db(), shared.id)).toEqual(before);
  });

  it('removes access to one system per user, audited; a user beyond reach keeps theirs', async () => {
    const company = await createCompany(db());
    const adminUser = await createUser(db(), {
      role: 'admin',
      companies: [company],
      systems: [{ name: 'Portal', role: 'editor' }],
    });
    const admin = await tokenFor(db(), adminUser.id);
    const portal = await createSystem(db(), 'Portal');
    const editor = await createUser(db(), {
      companies: [company],
      systems: [
        { name: 'Portal', role: 'editor' },
        { name: 'Everest', role: 'manager' },
      ],
    });
    const plain = await createUser(db(), { companies: [company], systems: [{ name: 'Portal', role: 'editor' }] });
    const beforeEditor = await userFingerprint(db(), editor.id);

    const res = await call('POST', '/users/review/remove-access', admin, company.id, {
      ids: [plain.id, editor.id],
      system: portal.id,
    });
    expect(res.statusCode).toBe(200);
    const out = res.json().data as ReviewOutcome;
    expect(out.done).toEqual([plain.id]);
    expect(out.refused).toEqual([{ id: editor.id, message: expect.stringMatching(/access you do not hold/) }]);
    expect(await userFingerprint(db(), editor.id)).toEqual(beforeEditor);
    const left = await db().execute(
      sql`select count(*)::int as n from user_systems where user_id = ${plain.id} and system_id = ${portal.id}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    const rows = (await auditRows(t, 'users.review_access_removed')).filter((r) => r.entity_id === plain.id);
    expect(rows).toHaveLength(1);

    // A super admin may take it from anyone.
    const boss = await tokenFor(db(), (await createUser(db(), { role: 'super_admin', companies: [company] })).id);
    const again = await call('POST', '/users/review/remove-access', boss, company.id, {
      ids: [editor.id],
      system: portal.id,
    });
    expect(again.json().data.done).toEqual([editor.id]);
  });
});

describe('automatic disabling of dormant accounts', () => {
  it('disables users not signed in for N days (never a super admin), revokes their tokens and audits as system', async () => {
    const company = await createCompany(db());
    const old = await createUser(db(), { companies: [company] });
    await lastSeen(old.id, daysAgo(40));
    const fresh = await createUser(db(), { companies: [company] });
    await lastSeen(fresh.id, daysAgo(5));
    const boss = await createUser(db(), { role: 'super_admin', companies: [company] });
    await lastSeen(boss.id, daysAgo(400));
    const session = await tokenFor(db(), old.id);

    const done = await disableDormantUsers(db(), 30);
    expect(done).toContain(old.id);
    expect(done).not.toContain(fresh.id);
    expect(done).not.toContain(boss.id);
    expect(await alive(session)).toBe(401);
    const rows = (await auditRows(t, 'users.dormant_disabled')).filter((r) => r.entity_id === old.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: null, detail: { actor: 'system', days: 30 } });
    // A second run finds nothing new for them.
    expect(await disableDormantUsers(db(), 30)).not.toContain(old.id);
    // With a clock 30 days on, the 5-day user is dormant too.
    expect(await disableDormantUsers(db(), 30, new Date(Date.now() + 30 * DAY))).toContain(fresh.id);
  });

  it('runs when the server is ready, with OLYMPUS_DORMANT_DISABLE_DAYS set, and stops on close', async () => {
    const user = await createUser(db(), {});
    await lastSeen(user.id, daysAgo(800));
    const app = await buildApp({
      config: { ...t.config, dormantDisableDays: 700 },
      database: t.database,
      logger: false,
    });
    await app.ready();
    const [row] = await db().select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, user.id));
    expect(row.disabledAt).not.toBeNull();
    await app.close();
  });

  it('is off by default and refuses bad values with a message', () => {
    expect(loadConfig({}).dormantDisableDays).toBeNull();
    expect(loadConfig({ OLYMPUS_DORMANT_DISABLE_DAYS: '90' }).dormantDisableDays).toBe(90);
    for (const bad of ['0', '-5', '1.5', 'ninety', '99999']) {
      expect(() => loadConfig({ OLYMPUS_DORMANT_DISABLE_DAYS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ OLYMPUS_DORMANT_DISABLE_DAYS: bad })).toThrow(
        /OLYMPUS_DORMANT_DISABLE_DAYS must be a whole number of days from 1 to 3650/,
      );
    }
  });
});
