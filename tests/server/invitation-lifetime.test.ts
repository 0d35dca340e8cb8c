// How long a set-password link lives: it is void once the account's email, SSO bypass, disabled state,
// companies or system access change (database triggers), and it works only while whoever issued it
// still exists, is enabled and reaches the user. Attacks: a link copied by an admin and used after a
// super admin raised the user's access, a link mailed to a mistyped address, the issuer losing reach,
// and accepts racing an access change — each refused with nothing set, or ordered before the change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import {
  createCompany,
  createRole,
  createSystem,
  createUser,
  OLYMPUS_GRANTS,
  tokenFor,
  type UserSpec,
} from './factories';
import { apiAs, createWorld, unique, type Api, type World } from './resources-fixtures';
import { authClient } from './auth-client';
import { rowsOf } from './privilege-fixtures';
import { MSG } from '../../server/auth/messages';
import { verifyPassword } from '../../server/auth/passwords';

const CHECK = '/api/v1/auth/invitation/check';
const ACCEPT = '/api/v1/auth/invitation/accept';
const ATTACKER_PASSWORD = 'Attacker-Chose-This-2026';
const CHANGED = { message: MSG.invitationAccountChanged };

let t: TestApp;
let w: World;
let admin: Api;
let sa: Api;
let superRoleId: string;
let adminRoleId: string;
let systemUserRoleId: string;
let everestId: string;
let managerId: string;
let clerkId: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  admin = apiAs(t, w.headers.admin, w.own.id);
  sa = apiAs(t, w.headers.super_admin, w.own.id);
  superRoleId = (await createRole(db(), 'Olympus', 'super_admin')).id;
  adminRoleId = (await createRole(db(), 'Olympus', 'admin')).id;
  systemUserRoleId = (await createRole(db(), 'Olympus', 'system_user')).id;
  everestId = (await createSystem(db(), 'Everest')).id;
  managerId = (await createRole(db(), 'Everest', 'manager')).id;
  clerkId = (await createRole(db(), 'Everest', 'clerk')).id;
  // A witness of the order in which a password and an access change of a user were written. The
  // audit rows cannot tell (the accept audits after its commit); with both writers holding the user's
  // row lock until they commit, this sequence is the commit order. Test-only, in this file's database.
  await db().execute(
    sql`create table lifetime_witness (seq bigserial primary key, user_id uuid not null, what text not null)`,
  );
  await db().execute(
    sql.raw(`create function lifetime_witness_fn() returns trigger language plpgsql as $$ begin
      if TG_TABLE_NAME = 'users' then insert into lifetime_witness (user_id, what) values (NEW.id, 'password');
      else insert into lifetime_witness (user_id, what) values (NEW.user_id, 'access'); end if;
      return null; end $$`),
  );
  await db().execute(
    sql.raw(`create trigger lifetime_witness_password after update of password_hash on users for each row
      when (OLD.password_hash is distinct from NEW.password_hash) execute function lifetime_witness_fn()`),
  );
  await db().execute(
    sql.raw(
      'create trigger lifetime_witness_systems after insert or update on user_systems for each row execute function lifetime_witness_fn()',
    ),
  );
  await db().execute(
    sql.raw(
      'create trigger lifetime_witness_companies after insert on user_companies for each row execute function lifetime_witness_fn()',
    ),
  );
});
afterAll(() => t.close());

/** A user of the own company (system_user unless told) without a password, as after an invitation. */
async function invitee(spec: UserSpec = {}) {
  const user = await createUser(db(), { role: 'system_user', companies: [w.own], ...spec });
  await db().execute(sql`update users set password_hash = null where id = ${user.id}`);
  return user;
}

/** "Copy invitation link": answers the token once. */
async function copyLink(api: Api, userId: string): Promise<string> {
  const res = await api.post(`/users/${userId}/invitation`, { mail: false });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.link as string).split('#')[1];
}

const check = (token: string) => authClient(t).post(CHECK, { token });
const accept = (token: string, password = ATTACKER_PASSWORD) =>
  authClient(t).post(ACCEPT, { token, new_password: password });
const tokenIn = (text: string) => /http:\/\/olympus\.test\/invitation#([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;

interface Account {
  email: string;
  password_hash: string | null;
  tokens: number;
}
async function account(userId: string): Promise<Account> {
  const [row] = await rowsOf<Account>(
    db(),
    sql`select email, password_hash, (select count(*)::int from access_tokens where user_id = u.id) as tokens from users u where u.id = ${userId}`,
  );
  return row;
}

interface LinkRow {
  used: boolean;
  voided: boolean;
  void_reason: string | null;
}
/** The state of the user's links, oldest first. */
const links = (userId: string) =>
  rowsOf<LinkRow>(
    db(),
    sql`select used_at is not null as used, voided_at is not null as voided, void_reason from invitations where user_id = ${userId} order by created_at, id`,
  );

/** The witness's rows of the user since `since` (a seq from `witnessMark`). */
const witness = async (userId: string, since: number) =>
  (
    await rowsOf<{ what: string }>(
      db(),
      sql`select what from lifetime_witness where user_id = ${userId} and seq > ${since} order by seq`,
    )
  ).map((r) => r.what);
const witnessMark = async () =>
  Number((await rowsOf<{ n: string | null }>(db(), sql`select max(seq)::text as n from lifetime_witness`))[0].n ?? 0);

/** Both public routes refuse the token as "account changed", and the account got no password and no session. */
async function expectRefusedAsChanged(token: string, userId: string): Promise<void> {
  const answers = [await check(token), await accept(token), await accept(token, 'Another-Guess-2026')];
  for (const res of answers) {
    expect(res.statusCode, res.body).toBe(410);
    expect(res.json()).toEqual(CHANGED);
  }
  const after = await account(userId);
  expect(after.password_hash).toBeNull();
  expect(after.tokens).toBe(0);
  expect((await authClient(t).login(after.email, ATTACKER_PASSWORD)).statusCode).toBe(401);
}

async function expectAccepted(token: string, userId: string, password = ATTACKER_PASSWORD): Promise<void> {
  expect((await check(token)).statusCode).toBe(200);
  const res = await accept(token, password);
  expect(res.statusCode, res.body).toBe(200);
  expect(await verifyPassword((await account(userId)).password_hash, password)).toBe(true);
}

const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);

describe('every change to what a link opens voids it', () => {
  type User = Awaited<ReturnType<typeof invitee>>;
  interface Case {
    change: string;
    /** The user as they are when the link is issued. */
    spec?: () => Promise<UserSpec>;
    /** Performs the change; every request must succeed. */
    run(user: User): Promise<void>;
  }
  const throwaway = () => createCompany(db(), { name: unique('Throwaway') });
  const cases: Case[] = [
    {
      change: 'a super admin changes the email',
      run: async (u) => ok(await sa.put(`/users/${u.id}`, { email: `${unique('moved')}@example.test` })),
    },
    {
      change: 'an admin within reach changes the email',
      run: async (u) => ok(await admin.put(`/users/${u.id}`, { email: `${unique('moved')}@example.test` })),
    },
    {
      change: 'a super admin turns SSO bypass on',
      run: async (u) => ok(await sa.put(`/users/${u.id}`, { bypass_sso: true })),
    },
    {
      change: 'a super admin disables the user',
      run: async (u) => ok(await sa.put(`/users/${u.id}`, { disabled: true })),
    },
    {
      change: 'a super admin disables the user and enables them again',
      run: async (u) => {
        ok(await sa.put(`/users/${u.id}`, { disabled: true }));
        ok(await sa.put(`/users/${u.id}`, { disabled: false }));
      },
    },
    {
      change: 'a super admin adds a company',
      run: async (u) => ok(await sa.put(`/users/${u.id}`, { companies: [w.own.id, w.other.id] })),
    },
    {
      change: 'a super admin removes a company',
      spec: async () => ({ companies: [w.own, w.other] }),
      run: async (u) => ok(await sa.put(`/users/${u.id}`, { companies: [w.own.id] })),
    },
    {
      change: 'a super admin gives an Olympus role to a user without one',
      spec: async () => ({ role: null }),
      run: async (u) => ok(await sa.put(`/users/${u.id}`, { olympus_role_uuid: systemUserRoleId })),
    },
    {
      change: 'a super admin changes the Olympus role',
      run: async (u) => ok(await sa.put(`/users/${u.id}`, { olympus_role_uuid: adminRoleId })),
    },
    {
      change: 'a super admin gives an Everest role',
      run: async (u) => ok(await sa.put(`/users/${u.id}`, { everest_role_uuid: managerId })),
    },
    {
      change: 'a super admin changes the Everest role',
      spec: async () => ({ systems: [{ name: 'Everest', role: 'manager' }] }),
      run: async (u) => ok(await sa.put(`/users/${u.id}`, { everest_role_uuid: clerkId })),
    },
    {
      change: 'a super admin removes the Everest access',
      spec: async () => ({ systems: [{ name: 'Everest', role: 'manager' }] }),
      run: async (u) => ok(await sa.put(`/users/${u.id}`, { everest_role_uuid: null })),
    },
    {
      change: 'the access review removes the Everest access',
      spec: async () => ({ systems: [{ name: 'Everest', role: 'manager' }] }),
      run: async (u) => {
        const res = await sa.post('/users/review/remove-access', { ids: [u.id], system: everestId });
        ok(res);
        expect(res.json().data.done).toEqual([u.id]);
      },
    },
    {
      change: 'the access review disables the user',
      run: async (u) => {
        const res = await sa.post('/users/review/disable', { ids: [u.id] });
        ok(res);
        expect(res.json().data.done).toEqual([u.id]);
      },
    },
    {
      change: 'a super admin deletes a company the user belongs to',
      spec: async () => ({ companies: [w.own, await throwaway()] }),
      run: async (u) => {
        const [gone] = await rowsOf<{ id: string }>(
          db(),
          sql`select company_id::text as id from user_companies where user_id = ${u.id} and company_id <> ${w.own.id}`,
        );
        ok(await sa.delete(`/companies/${gone.id}`));
      },
    },
    {
      change: 'a super admin restores a company of the user from the trash',
      spec: async () => {
        const company = await throwaway();
        ok(await sa.delete(`/companies/${company.id}`));
        return { companies: [w.own, company] };
      },
      run: async (u) => {
        const [trashed] = await rowsOf<{ id: string }>(
          db(),
          sql`select company_id::text as id from user_companies where user_id = ${u.id} and company_id <> ${w.own.id}`,
        );
        ok(await sa.post(`/companies/${trashed.id}/restore`));
      },
    },
  ];

  it.each(cases)(
    '$change: the link a super admin issued before is refused as changed, and no password is set',
    async ({ spec, run }) => {
      const user = await invitee(spec ? await spec() : {});
      // Issued by a super admin, who reaches everyone: only the voiding can refuse it.
      const token = await copyLink(sa, user.id);
      expect((await check(token)).statusCode).toBe(200);
      await run(user);
      await expectRefusedAsChanged(token, user.id);
      expect(await links(user.id)).toEqual([{ used: false, voided: true, void_reason: 'account_changed' }]);
    },
  );

  it('a reset link (reset_password) is void once a company is added, and the password stays cleared', async () => {
    const user = await createUser(db(), { role: 'system_user', companies: [w.own] });
    const after = t.mail.messages.length;
    ok(await sa.put(`/users/${user.id}`, { reset_password: true }));
    const token = tokenIn((await t.mail.waitFor(user.email, { after })).text) as string;
    expect((await check(token)).json().data.kind).toBe('reset');
    ok(await sa.put(`/users/${user.id}`, { companies: [w.own.id, w.other.id] }));
    await expectRefusedAsChanged(token, user.id);
  });

  it('saving the whole form unchanged (same email, roles, companies), or only a new name, keeps the link working', async () => {
    const user = await invitee({ systems: [{ name: 'Everest', role: 'manager' }] });
    const token = await copyLink(sa, user.id);
    const record = (await sa.get(`/users/${user.id}`)).json().data;
    const form = {
      name: record.name,
      email: record.email,
      bypass_sso: record.bypass_sso,
      disabled: record.disabled,
      companies: record.companies.map((c: { id: string }) => c.id),
      olympus_role_uuid: record.olympus_role_uuid,
      everest_role_uuid: record.everest_role_uuid,
      portal_role_uuid: record.portal_role_uuid,
    };
    expect(form.everest_role_uuid).toBe(managerId);
    ok(await sa.put(`/users/${user.id}`, form));
    ok(await admin.put(`/users/${user.id}`, form));
    // The record as the SPA holds it, companies as objects.
    ok(await sa.put(`/users/${user.id}`, { ...form, companies: record.companies }));
    ok(await sa.put(`/users/${user.id}`, { name: 'Renamed Invitee' }));
    expect(await links(user.id)).toEqual([{ used: false, voided: false, void_reason: null }]);
    await expectAccepted(token, user.id, 'Chosen-By-The-User-2026');
  });
});

describe('a link an admin copied is refused once a super admin raises the user', () => {
  it.each([
    { raise: 'makes the user super_admin', body: () => ({ olympus_role_uuid: superRoleId }) },
    {
      raise: 'gives the user a company the admin does not manage',
      body: () => ({ companies: [w.own.id, w.other.id] }),
    },
    { raise: 'gives the user an Everest role the admin does not hold', body: () => ({ everest_role_uuid: managerId }) },
  ])('the super admin $raise: the copied link sets no password the admin chose', async ({ body }) => {
    const user = await invitee();
    const stolen = await copyLink(admin, user.id);
    ok(await sa.put(`/users/${user.id}`, body()));
    await expectRefusedAsChanged(stolen, user.id);
    expect(await links(user.id)).toEqual([{ used: false, voided: true, void_reason: 'account_changed' }]);
    // The admin cannot get a fresh one either: the user is beyond their reach now.
    expect((await admin.post(`/users/${user.id}/invitation`, { mail: false })).statusCode).toBe(403);
    expect((await account(user.id)).password_hash).toBeNull();
  });

  it('a link mailed to a mistyped address stops working once the address is corrected; the new link works', async () => {
    const mistyped = `${unique('invitee').toLowerCase()}@exmaple.test`;
    const after = t.mail.messages.length;
    const created = await admin.post('/users', { name: 'Mistyped Person', email: mistyped, companies: [w.own.id] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const misdelivered = tokenIn((await t.mail.waitFor(mistyped, { after })).text) as string;
    expect(misdelivered).toEqual(expect.any(String));
    const corrected = mistyped.replace('@exmaple.test', '@example.test');
    ok(await admin.put(`/users/${id}`, { email: corrected }));
    await expectRefusedAsChanged(misdelivered, id);

    const resent = t.mail.messages.length;
    ok(await admin.post(`/users/${id}/invitation`, { mail: true }));
    const fresh = tokenIn((await t.mail.waitFor(corrected, { after: resent })).text) as string;
    // The old link still says why it stopped, not that it was replaced.
    expect((await check(misdelivered)).json()).toEqual(CHANGED);
    await expectAccepted(fresh, id, 'Corrected-Person-2026');
    expect((await authClient(t).login(corrected, 'Corrected-Person-2026')).statusCode).toBe(200);
  });
});

describe('the issuer must still reach the user when the link is used', () => {
  /** An issuer with a role of their own (so it can be edited alone), signed in with the own company. */
  async function issuer(grants: string[], companies = [w.own]) {
    const role = await createRole(db(), 'Olympus', unique('issuer').toLowerCase().replace(/-/g, '_'), grants);
    const user = await createUser(db(), { role: null, companies });
    await db().execute(
      sql`insert into user_systems (user_id, system_id, role_id) values (${user.id}, ${role.systemId}, ${role.id})`,
    );
    return { user, role, api: apiAs(t, await tokenFor(db(), user.id), w.own.id) };
  }

  async function expectIssuerReachRefusal(token: string, userId: string) {
    await expectRefusedAsChanged(token, userId);
    // The user's row did not change: the link is still live, refused only for its issuer.
    expect(await links(userId)).toEqual([{ used: false, voided: false, void_reason: null }]);
    const [failed] = await rowsOf<{ detail: { reason: string } }>(
      db(),
      sql`select detail from audit_log where action = 'auth.invitation_failed' and entity_id = ${userId} order by id desc limit 1`,
    );
    expect(failed?.detail.reason).toBe('issuer_reach');
  }

  it.each([
    {
      loss: 'a super admin takes a permission the user has off the issuer’s role',
      async lose(i: Awaited<ReturnType<typeof issuer>>) {
        ok(await sa.put(`/roles/${i.role.id}`, { permissions: ['users.*'] }));
      },
    },
    {
      loss: 'a super admin removes the issuer from the user’s company',
      companies: true,
      async lose(i: Awaited<ReturnType<typeof issuer>>, second: { id: string }) {
        ok(await sa.put(`/users/${i.user.id}`, { companies: [second.id] }));
      },
    },
    {
      loss: 'a super admin disables the issuer',
      async lose(i: Awaited<ReturnType<typeof issuer>>) {
        ok(await sa.put(`/users/${i.user.id}`, { disabled: true }));
      },
    },
    {
      loss: 'a super admin deletes the issuer',
      async lose(i: Awaited<ReturnType<typeof issuer>>) {
        ok(await sa.delete(`/users/${i.user.id}`));
      },
    },
  ])('$loss: the link is refused though the user did not change', async ({ lose, companies }) => {
    const second = await createCompany(db(), { name: unique('Second') });
    const i = await issuer(['users.*', 'systems.redirect'], companies ? [w.own, second] : [w.own]);
    const user = await invitee();
    const token = await copyLink(i.api, user.id);
    expect((await check(token)).statusCode).toBe(200);
    await lose(i, second);
    await expectIssuerReachRefusal(token, user.id);
  });

  it('a super admin gives the user’s role a permission the issuer lacks: the link is refused', async () => {
    const readerRole = await createRole(db(), 'Olympus', unique('reader').toLowerCase().replace(/-/g, '_'), [
      'systems.redirect',
    ]);
    const user = await invitee({ role: null });
    await db().execute(
      sql`insert into user_systems (user_id, system_id, role_id) values (${user.id}, ${readerRole.systemId}, ${readerRole.id})`,
    );
    const token = await copyLink(admin, user.id);
    expect((await check(token)).statusCode).toBe(200);
    expect(OLYMPUS_GRANTS.admin).not.toContain('companies.*');
    ok(await sa.put(`/roles/${readerRole.id}`, { permissions: ['systems.redirect', 'companies.view'] }));
    await expectIssuerReachRefusal(token, user.id);
  });
});

describe('an accept racing an access change', () => {
  /** The change a super admin makes in round `i`: super_admin, or a company the issuing admin lacks. */
  const raise = (i: number) =>
    i % 2 === 0 ? { olympus_role_uuid: superRoleId } : { companies: [w.own.id, w.other.id] };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const ROUNDS = 8;

  /**
   * How long `n` parallel accepts of unrelated links take here (PGlite or PostgreSQL, this machine):
   * the rounds send the change from 0 to 1.3 times that after the accepts, so that it lands before,
   * during and after them and both orders occur.
   */
  async function acceptTime(n: number): Promise<number> {
    const tokens = [];
    for (let k = 0; k <= n; k++) tokens.push(await copyLink(admin, (await invitee()).id));
    // The first accept of a run is slower (argon2 and the routes warming up): not counted.
    await accept(tokens.pop() as string, 'Calibration-Only-2026');
    const start = performance.now();
    await Promise.all(tokens.map((token) => accept(token, 'Calibration-Only-2026')));
    return performance.now() - start;
  }
  const delays = (span: number) =>
    Array.from({ length: ROUNDS }, (_, i) => Math.round((i / (ROUNDS - 1)) * 1.3 * span));

  /** Either the password was set before the change (and the link used), or refused with nothing set. */
  async function expectOrdered(
    userId: string,
    since: number,
    winners: { password: string }[],
    refusals: { statusCode: number; json(): unknown }[],
  ) {
    const seen = await witness(userId, since);
    const row = await account(userId);
    const state = await links(userId);
    if (winners.length === 1) {
      // Accepted: the password write comes before the access change, and the link was used, not voided.
      expect(seen).toEqual(['password', 'access']);
      expect(await verifyPassword(row.password_hash, winners[0].password)).toBe(true);
      expect(state).toEqual([{ used: true, voided: false, void_reason: null }]);
    } else {
      expect(winners).toEqual([]);
      expect(seen).toEqual(['access']);
      expect(row.password_hash).toBeNull();
      expect(state).toEqual([{ used: false, voided: true, void_reason: 'account_changed' }]);
    }
    expect(row.tokens).toBe(0);
    for (const r of refusals) {
      expect(r.statusCode).toBe(410);
      const body = r.json() as { message: string };
      // Refused because of the change, or (two accepts) because the other accept used it first.
      expect([MSG.invitationAccountChanged, ...(winners.length ? [MSG.invitationUsed] : [])]).toContain(body.message);
    }
  }

  it('one accept and a super admin raising the user, 8 rounds: accepted before the change or refused, never after', async () => {
    const wait = delays(await acceptTime(1));
    for (let i = 0; i < ROUNDS; i++) {
      const user = await invitee();
      const token = await copyLink(admin, user.id);
      const since = await witnessMark();
      const password = `Racing-Accept-${i}-2026`;
      const [accepted, changed] = await Promise.all([
        accept(token, password),
        sleep(wait[i]).then(() => sa.put(`/users/${user.id}`, raise(i))),
      ]);
      ok(changed);
      expect([200, 410], accepted.body).toContain(accepted.statusCode);
      const won = accepted.statusCode === 200 ? [{ password }] : [];
      await expectOrdered(user.id, since, won, accepted.statusCode === 200 ? [] : [accepted]);
    }
  });

  it('two accepts and a super admin raising the user, 8 rounds: at most one sets the password, and only before the change', async () => {
    const wait = delays(await acceptTime(2));
    for (let i = 0; i < ROUNDS; i++) {
      const user = await invitee();
      const token = await copyLink(admin, user.id);
      const since = await witnessMark();
      const passwords = [`Racing-One-${i}-2026`, `Racing-Two-${i}-2026`];
      const [a, b, changed] = await Promise.all([
        accept(token, passwords[0]),
        accept(token, passwords[1]),
        sleep(wait[i]).then(() => sa.put(`/users/${user.id}`, raise(i))),
      ]);
      ok(changed);
      const answers = [a, b];
      for (const r of answers) expect([200, 410], r.body).toContain(r.statusCode);
      const winners = passwords.filter((_, k) => answers[k].statusCode === 200).map((password) => ({ password }));
      expect(winners.length).toBeLessThanOrEqual(1);
      await expectOrdered(
        user.id,
        since,
        winners,
        answers.filter((r) => r.statusCode !== 200),
      );
    }
  });
});

describe('what does not void a link', () => {
  it('changes to other users and other companies leave a super admin’s link working', async () => {
    const user = await invitee();
    const token = await copyLink(sa, user.id);
    const neighbour = await createUser(db(), { role: 'system_user', companies: [w.own] });
    const another = await invitee();
    const anotherToken = await copyLink(sa, another.id);
    const elsewhere = await createCompany(db(), { name: unique('Elsewhere') });
    ok(await sa.put(`/users/${neighbour.id}`, { email: `${unique('neighbour')}@example.test`, bypass_sso: true }));
    ok(
      await sa.put(`/users/${neighbour.id}`, {
        companies: [w.own.id, w.other.id, elsewhere.id],
        olympus_role_uuid: adminRoleId,
        everest_role_uuid: managerId,
      }),
    );
    ok(await sa.put(`/users/${neighbour.id}`, { disabled: true }));
    ok(await sa.post('/users/review/remove-access', { ids: [neighbour.id], system: everestId }));
    ok(await sa.delete(`/companies/${elsewhere.id}`));
    ok(await sa.delete(`/users/${neighbour.id}`));
    // Another invitee's link voided by their own change leaves this one alone.
    ok(await sa.put(`/users/${another.id}`, { email: `${unique('another')}@example.test` }));
    expect((await check(anotherToken)).json()).toEqual(CHANGED);
    expect(await links(user.id)).toEqual([{ used: false, voided: false, void_reason: null }]);
    await expectAccepted(token, user.id, 'Untouched-Invitee-2026');
  });

  it('an admin’s link survives changes to other users of the company that leave the user within reach', async () => {
    const user = await invitee();
    const token = await copyLink(admin, user.id);
    const colleague = await createUser(db(), { role: 'system_user', companies: [w.own] });
    ok(await admin.put(`/users/${colleague.id}`, { email: `${unique('colleague')}@example.test`, disabled: true }));
    ok(await sa.put(`/users/${colleague.id}`, { companies: [w.own.id, w.other.id] }));
    await expectAccepted(token, user.id, 'Colleague-Changed-2026');
  });

  it('a newer link still answers the older one as replaced, not as changed', async () => {
    const user = await invitee();
    const first = await copyLink(sa, user.id);
    const second = await copyLink(sa, user.id);
    for (const res of [await check(first), await accept(first)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ message: MSG.invitationReplaced });
    }
    expect(await links(user.id)).toEqual([
      { used: false, voided: true, void_reason: 'replaced' },
      { used: false, voided: false, void_reason: null },
    ]);
    expect((await account(user.id)).password_hash).toBeNull();
    await expectAccepted(second, user.id, 'Second-Link-Used-2026');
  });
});
