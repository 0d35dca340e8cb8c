// The self-service matrix: every route that changes how someone signs in — email, password or a
// set-password link, SSO bypass, second factor, invitation — × who calls it (the target themselves, a
// caller within reach, one beyond it, a peer with as much access) × with and without the current
// password. The routes come from the app's own OpenAPI document: a new mutating route under /users,
// /session or /auth fails here until it is classified below. Expected answers come from the rules
// (docs/security.md "Changing one's own sign-in"), not from the server; every refused call, sent
// three times at once as a thief with a stolen session would, must leave the target's row, tokens,
// invitations, recovery codes and the mail as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createRole, createUser, OLYMPUS_GRANTS, PASSWORD, tokenFor } from './factories';
import { authClient, uniqueIp } from './auth-client';
import { codeAt, enrol, forgetLastStep, nowStep } from './two-factor-client';
import { rowsOf } from './privilege-fixtures';
import { auditLog, userSystems, users } from '../../server/db/schema';
import { GRANT_USER_MSG } from '../../server/users/grants';

let t: TestApp;
let own: { id: string };
let other: { id: string };
let adminRole: { id: string; systemId: string };
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  own = await createCompany(db());
  other = await createCompany(db());
  adminRole = await createRole(db(), 'Olympus', 'admin', OLYMPUS_GRANTS.admin);
});
afterAll(() => t.close());

type Caller = 'admin' | 'super_admin';
type Relation = 'self' | 'within' | 'beyond' | 'peer';
type Headers = Record<string, string>;

async function person(kind: 'admin' | 'super_admin' | 'plain' | 'shared') {
  const companies = kind === 'shared' ? [own, other] : [own];
  const user = await createUser(db(), { companies, ...(kind === 'super_admin' ? { role: 'super_admin' } : {}) });
  if (kind === 'admin')
    await db().insert(userSystems).values({ userId: user.id, systemId: adminRole.systemId, roleId: adminRole.id });
  return user;
}

/** Everything that decides who can sign in as the user, and whether they were told. */
async function fingerprint(userId: string) {
  const [row] = await rowsOf<Record<string, unknown>>(
    db(),
    sql`select u.email, u.username, u.password_hash, u.bypass_sso, u.disabled_at::text as disabled_at, u.must_change_password,
      u.totp_secret, u.totp_pending_secret, u.totp_enabled_at::text as totp_enabled_at, u.updated_at::text as updated_at,
      (select json_agg(json_build_object('id', id, 'revoked', revoked_at is not null, 'amr', amr) order by id) from access_tokens where user_id = u.id) as tokens,
      (select json_agg(json_build_object('id', id, 'used', used_at is not null, 'voided', voided_at is not null) order by id) from invitations where user_id = u.id) as invitations,
      (select json_agg(json_build_object('hash', code_hash, 'used', used_at is not null) order by code_hash) from recovery_codes where user_id = u.id) as recovery_codes
    from users u where u.id = ${userId}`,
  );
  return row;
}
/** Mails to the user or to the address the attack names; sent after the commit without being awaited, so a wrongly sent
 * one is given time to arrive. */
const mailCount = async (email: string, body: object) => {
  await new Promise((r) => setTimeout(r, 50));
  const to = new Set(
    [email, (body as { email?: string }).email].filter((a): a is string => !!a).map((a) => a.toLowerCase()),
  );
  return t.mail.messages.filter((m) => m.to.some((a) => to.has(a.toLowerCase()))).length;
};
let n = 0;
const fresh = (prefix: string) => `${prefix}-${++n}-${Math.random().toString(36).slice(2, 8)}`;

const send = (method: string, url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: method as 'POST', url: `/api/v1${url}`, headers, payload, remoteAddress: uniqueIp() });

// ---- the routes, from the OpenAPI document ---------------------------------------------------------

/** A route whose target is named in the path: an administrator's change of someone's sign-in. */
interface TargetRoute {
  kind: 'target';
  method: string;
  url: (id: string) => string;
  body: () => object;
  /** Puts the target in the state the route needs (a second factor on, no password). */
  prepare?: (userId: string) => Promise<void>;
  /** Whom the caller may change: within reach always; a peer only for routes that need more. */
  peerRefused?: boolean;
}
/** A route about the caller's own account (the account page). */
interface OwnRoute {
  kind: 'own';
  method: string;
  url: string;
  body: (proof: object) => object;
  prepare?: (headers: Headers, userId: string) => Promise<Record<string, unknown>>;
}
/** A route that changes no sign-in field, or proves who is calling some other way: why. */
interface Exempt {
  kind: 'exempt';
  why: string;
}

const twoFactorOn = async (id: string) => {
  await db()
    .update(users)
    .set({ totpEnabledAt: new Date(), totpSecret: 'sealed-elsewhere', totpLastStep: 1 })
    .where(eq(users.id, id));
};
const noPassword = async (id: string) => {
  await db().update(users).set({ passwordHash: null }).where(eq(users.id, id));
};
const NEW_PASSWORD = 'Fresh-Horse-42';

/**
 * A user's history in which their email was an attacker's inbox before its last change: restoring
 * the entry before that change would put the inbox back. Answers the entry to restore.
 */
const restoreEntries = new Map<string, string>();
const inboxInHistory = async (id: string) => {
  const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, id));
  const [first] = await db()
    .insert(auditLog)
    .values({ action: 'user.created', entity: 'user', entityId: id })
    .returning({ id: auditLog.id });
  await db()
    .insert(auditLog)
    .values({
      action: 'user.updated',
      entity: 'user',
      entityId: id,
      changes: { email: { before: `${fresh('restored-inbox')}@evil.test`, after: user.email } },
    });
  restoreEntries.set(id, String(first.id));
};

const ROUTES: Record<string, TargetRoute | OwnRoute | Exempt> = {
  'PUT /api/v1/users/{id} email': {
    kind: 'target',
    method: 'PUT',
    url: (id) => `/users/${id}`,
    body: () => ({ email: `${fresh('attacker-inbox')}@evil.test` }),
  },
  'PUT /api/v1/users/{id} reset_password': {
    kind: 'target',
    method: 'PUT',
    url: (id) => `/users/${id}`,
    body: () => ({ reset_password: true }),
  },
  'PUT /api/v1/users/{id} bypass_sso': {
    kind: 'target',
    method: 'PUT',
    url: (id) => `/users/${id}`,
    body: () => ({ bypass_sso: true }),
  },
  'POST /api/v1/users/{id}/two-factor/reset': {
    kind: 'target',
    method: 'POST',
    url: (id) => `/users/${id}/two-factor/reset`,
    body: () => ({}),
    prepare: twoFactorOn,
    peerRefused: true,
  },
  // A restore from history is an update: an old email put back is a change of someone's sign-in.
  'POST /api/v1/users/{id}/history/{entryId}/restore': {
    kind: 'target',
    method: 'POST',
    url: (id) => `/users/${id}/history/${restoreEntries.get(id)}/restore`,
    body: () => ({}),
    prepare: inboxInHistory,
  },
  'POST /api/v1/users/{id}/invitation': {
    kind: 'target',
    method: 'POST',
    url: (id) => `/users/${id}/invitation`,
    body: () => ({ mail: false }),
    prepare: noPassword,
  },
  'PUT /api/v1/session/profile': {
    kind: 'own',
    method: 'PUT',
    url: '/session/profile',
    body: (proof) => ({ name: 'Same Name', email: `${fresh('moved')}@evil.test`, ...proof }),
  },
  'POST /api/v1/session/password': {
    kind: 'own',
    method: 'POST',
    url: '/session/password',
    body: (proof) => ({ new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD, ...proof }),
  },
  'POST /api/v1/session/two-factor/setup': {
    kind: 'own',
    method: 'POST',
    url: '/session/two-factor/setup',
    body: (proof) => proof,
  },
  'POST /api/v1/session/two-factor/confirm': {
    kind: 'own',
    method: 'POST',
    url: '/session/two-factor/confirm',
    // The set-up was started with the password (legitimately); the confirmation is what is attacked.
    prepare: async (headers) => {
      const res = await send('POST', '/session/two-factor/setup', headers, { current_password: PASSWORD });
      if (res.statusCode !== 200) throw new Error(res.body);
      return { secret: res.json().data.secret };
    },
    body: (proof) => proof,
  },
  'POST /api/v1/session/two-factor/disable': {
    kind: 'own',
    method: 'POST',
    url: '/session/two-factor/disable',
    body: (proof) => proof,
    prepare: async (h) => (await enrol(t, h), {}),
  },
  'POST /api/v1/session/two-factor/recovery-codes': {
    kind: 'own',
    method: 'POST',
    url: '/session/two-factor/recovery-codes',
    body: (proof) => proof,
    prepare: async (h) => (await enrol(t, h), {}),
  },
  'PUT /api/v1/users/{id}': {
    kind: 'exempt',
    why: 'its sign-in fields are the three cases above; names, roles and companies follow the privilege matrix',
  },
  'DELETE /api/v1/users/{id}': {
    kind: 'exempt',
    why: 'removes the account (never one’s own: 409); covered by the privilege matrix',
  },
  'POST /api/v1/users/{id}/sessions/revoke': { kind: 'exempt', why: 'ends sessions; grants no way in' },
  'POST /api/v1/users': { kind: 'exempt', why: 'creates someone else’s account' },
  'POST /api/v1/users/review/disable': {
    kind: 'exempt',
    why: 'takes access away, never one’s own (access-review tests)',
  },
  'POST /api/v1/users/review/remove-access': {
    kind: 'exempt',
    why: 'takes access away, never one’s own (access-review tests)',
  },
  'DELETE /api/v1/session/sessions/{id}': { kind: 'exempt', why: 'ends one of one’s own sessions' },
  'POST /api/v1/session/sessions/revoke-others': { kind: 'exempt', why: 'ends one’s other sessions' },
  'POST /api/v1/auth/login': { kind: 'exempt', why: 'signs in with the password' },
  'POST /api/v1/auth/login/mfa': { kind: 'exempt', why: 'signs in with the second factor' },
  'POST /api/v1/auth/logout': { kind: 'exempt', why: 'ends this session' },
  'POST /api/v1/auth/authenticated': { kind: 'exempt', why: 'reads the session' },
  'POST /api/v1/auth/password/new': {
    kind: 'exempt',
    why: 'first-login change, proven by the temporary password’s single-use session',
  },
  'POST /api/v1/auth/password/reset': { kind: 'exempt', why: 'mails a reset code to the account’s own address' },
  'POST /api/v1/auth/password/reset/verify': { kind: 'exempt', why: 'proven by the mailed code' },
  'POST /api/v1/auth/invitation/check': { kind: 'exempt', why: 'reads a link' },
  'POST /api/v1/auth/invitation/accept': { kind: 'exempt', why: 'proven by the link (invitation-lifetime tests)' },
  'POST /api/v1/auth/login/azure/callback': { kind: 'exempt', why: 'signs in through the provider' },
};

describe('the route table', () => {
  it('classifies every mutating route under /users, /session and /auth', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const found: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!/^\/api\/v1\/(users|session|auth)(\/|$)/.test(path)) continue;
      for (const method of Object.keys(ops))
        if (['post', 'put', 'patch', 'delete'].includes(method)) found.push(`${method.toUpperCase()} ${path}`);
    }
    const classified = new Set(Object.keys(ROUTES).map((k) => k.split(' ').slice(0, 2).join(' ')));
    expect(found.filter((r) => !classified.has(r))).toEqual([]);
    expect([...classified].filter((r) => !found.includes(r))).toEqual([]);
  });
});

// ---- an administrator's routes ----------------------------------------------------------------------

function expected(caller: Caller, relation: Relation, route: TargetRoute): { status: number; message?: string } {
  if (relation === 'self') return { status: 403, message: GRANT_USER_MSG.self };
  if (caller === 'super_admin') return { status: 200 };
  if (relation === 'beyond') return { status: 403 };
  if (relation === 'peer' && route.peerRefused) return { status: 403, message: GRANT_USER_MSG.peerSecondFactor };
  return { status: 200 };
}

const targetCases = Object.entries(ROUTES).filter((e): e is [string, TargetRoute] => e[1].kind === 'target');
const relations: Relation[] = ['self', 'within', 'beyond', 'peer'];

describe.each(['admin', 'super_admin'] as Caller[])('%s through the administrators’ routes', (caller) => {
  const cases = targetCases.flatMap(([name, route]) =>
    relations.flatMap((relation) => [true, false].map((withPassword) => ({ name, route, relation, withPassword }))),
  );
  it.each(cases)('$name on $relation (password sent: $withPassword)', async ({ route, relation, withPassword }) => {
    const me = await person(caller);
    const target =
      relation === 'self'
        ? me
        : relation === 'within'
          ? await person('plain')
          : relation === 'beyond'
            ? await person(caller === 'admin' ? 'shared' : 'super_admin')
            : await person(caller);
    const headers = { ...(await tokenFor(db(), me.id)), 'x-tenant': own.id };
    await route.prepare?.(target.id);
    const want = expected(caller, relation, route);
    const body = { ...route.body(), ...(withPassword ? { current_password: PASSWORD } : {}) };

    const before = {
      target: await fingerprint(target.id),
      me: await fingerprint(me.id),
      mail: await mailCount(target.email, body),
    };
    const tries = want.status === 200 ? 1 : 3;
    const answers = await Promise.all(
      Array.from({ length: tries }, () => send(route.method, route.url(target.id), headers, body)),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(want.status);
      if (want.message) expect(res.json().message).toBe(want.message);
    }
    if (want.status !== 200) {
      expect(await fingerprint(target.id)).toEqual(before.target);
      expect(await fingerprint(me.id)).toEqual(before.me);
      expect(await mailCount(target.email, body)).toBe(before.mail);
    }
  });
});

// ---- the account page's own routes ------------------------------------------------------------------

const ownCases = Object.entries(ROUTES)
  .filter((e): e is [string, OwnRoute] => e[1].kind === 'own')
  .flatMap(([name, route]) => (['right', 'none', 'wrong'] as const).map((password) => ({ name, route, password })));

describe('one’s own sign-in through the account page', () => {
  it.each(ownCases)('$name with the current password $password', async ({ route, password }) => {
    const me = await person('admin');
    const headers = { ...(await tokenFor(db(), me.id)), 'x-tenant': own.id };
    const prepared = (await route.prepare?.(headers, me.id)) ?? {};
    const proof =
      password === 'right'
        ? { current_password: PASSWORD }
        : password === 'wrong'
          ? { current_password: 'Not-The-Password-1' }
          : {};
    const body = {
      ...route.body(proof),
      ...(typeof prepared.secret === 'string' ? { code: codeAt(prepared.secret, nowStep()) } : {}),
    };

    const before = { me: await fingerprint(me.id), mail: await mailCount(me.email, body) };
    if (password === 'right') {
      const res = await send(route.method, route.url, headers, body);
      expect(res.statusCode, res.body).toBe(200);
      return;
    }
    // A stolen session without the password, trying at once; wrong guesses count on the sign-in lock.
    const answers = await Promise.all(Array.from({ length: 3 }, () => send(route.method, route.url, headers, body)));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.current_password).toBeDefined();
    }
    const after = await fingerprint(me.id);
    expect(after).toEqual(before.me);
    expect(await mailCount(me.email, body)).toBe(before.mail);
  });
});

describe('the takeover chain of a stolen administrator’s token', () => {
  it.each(['admin', 'super_admin'] as Caller[])(
    '%s: own email, second-factor reset, set-password link and SSO bypass are all refused; the owner still signs in with password and code',
    async (caller) => {
      const victim = await person(caller);
      const owner = { ...(await tokenFor(db(), victim.id)), 'x-tenant': own.id };
      const { secret } = await enrol(t, owner);
      const stolen = { ...(await tokenFor(db(), victim.id, ['pwd', 'otp'])), 'x-tenant': own.id };
      const inbox = `${fresh('thief')}@evil.test`;
      // An old email in the user's history: restoring it is one more way to the inbox.
      await inboxInHistory(victim.id);
      const before = await fingerprint(victim.id);
      const steps = await Promise.all([
        send('POST', `/users/${victim.id}/history/${restoreEntries.get(victim.id)}/restore`, stolen, {}),
        send('PUT', `/users/${victim.id}`, stolen, { email: inbox }),
        send('POST', `/users/${victim.id}/two-factor/reset`, stolen, {}),
        send('PUT', `/users/${victim.id}`, stolen, { reset_password: true }),
        send('PUT', `/users/${victim.id}`, stolen, { bypass_sso: true }),
        send('POST', `/users/${victim.id}/invitation`, stolen, { mail: false }),
        send('POST', '/session/two-factor/disable', stolen, {}),
        send('PUT', '/session/profile', stolen, { name: victim.name, email: inbox }),
      ]);
      expect(steps.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 422, 422]);
      expect(await fingerprint(victim.id)).toEqual(before);
      expect(await mailCount(victim.email, { email: inbox })).toBe(0);
      // The owner's own sign-in still needs their code.
      const client = authClient(t);
      const login = await client.login(victim.email);
      expect(login.json().data.mfa_required).toBe(true);
      await forgetLastStep(t, victim.id);
      const signedIn = await client.post('/api/v1/auth/login/mfa', {
        challenge: login.json().data.challenge,
        code: codeAt(secret, nowStep()),
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
    },
  );
});

describe('the user edit form of oneself', () => {
  it('shows one’s own email, set-password link and SSO bypass locked, pointing at the account page; someone else’s stay open', async () => {
    const me = await person('super_admin');
    const headers = { ...(await tokenFor(db(), me.id)), 'x-tenant': own.id };
    const fieldsOf = async (id: string) => {
      const res = await send('GET', `/users/${id}/edit`, headers);
      expect(res.statusCode, res.body).toBe(200);
      const fields = (
        res.json().fields as { fields: { name: string; disabled?: boolean; 'label-help'?: string }[] }[]
      ).flatMap((g) => g.fields);
      return Object.fromEntries(
        fields
          .filter((f) => ['email', 'reset_password', 'bypass_sso', 'name'].includes(f.name))
          .map((f) => [f.name, f]),
      );
    };
    const mine = await fieldsOf(me.id);
    for (const name of ['email', 'reset_password', 'bypass_sso']) {
      expect(mine[name]?.disabled, name).toBe(true);
      expect(mine[name]?.['label-help']).toMatch(/account page/);
    }
    expect(mine.name?.disabled).toBeFalsy();
    const theirs = await fieldsOf((await person('plain')).id);
    for (const name of ['email', 'reset_password', 'bypass_sso']) expect(theirs[name]?.disabled, name).toBeFalsy();
  });
});
