// Taking over a user through PUT /users/{id}: an admin may change who can sign in as a user, or what
// they reach, only when everything that user reaches is theirs too (companies, Olympus permissions,
// system roles). The attacks are sent as an attacker would, several at once, and each refusal must
// leave the user exactly as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createRole, createUser, tokenFor } from './factories';
import { apiAs, unique, type Api, type World, createWorld } from './resources-fixtures';
import { countWhere, giveSystemRole, userFingerprint } from './privilege-fixtures';

let t: TestApp;
let w: World;
let admin: Api;
let sa: Api;
let second: { id: string };
let manager: string;
let adminRole: { id: string };
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  // The admin runs two companies (own and second); w.other is a company they do not manage.
  second = await createCompany(db(), { name: 'Second Lettings' });
  await db().execute(sql`insert into user_companies (user_id, company_id) values (${w.users.admin.id}, ${second.id})`);
  manager = await giveSystemRole(db(), w.users.admin.id, 'Everest', 'manager');
  adminRole = await createRole(db(), 'Olympus', 'admin');
  admin = apiAs(t, w.headers.admin, w.own.id);
  sa = apiAs(t, w.headers.super_admin, w.own.id);
});
afterAll(() => t.close());

const attacker = () => `${unique('attacker').toLowerCase()}@evil.test`;

/** Sends the same request three times at once; answers the statuses. */
async function parallel(send: () => Promise<{ statusCode: number; json: () => { message?: string } }>) {
  const answers = await Promise.all([send(), send(), send()]);
  return answers.map((a) => ({ status: a.statusCode, message: a.json().message }));
}

describe('a user who also belongs to a company the admin does not manage', () => {
  const sharedUser = () => createUser(db(), { role: 'system_user', companies: [w.own, w.other] });

  it('refuses a new email with a new temporary password (the reported takeover), in parallel, changing nothing', async () => {
    const target = await sharedUser();
    const before = await userFingerprint(db(), target.id);
    const mails = t.mail.messages.length;
    const address = attacker();
    const answers = await parallel(() => admin.put(`/users/${target.id}`, { email: address, reset_password: true }));
    for (const a of answers) {
      expect(a.status).toBe(403);
      expect(a.message).toBe(
        'This user also belongs to companies you do not manage. Ask a super admin to change their email, password, sign-in or roles.',
      );
    }
    expect(await userFingerprint(db(), target.id)).toEqual(before);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.mail.messages.slice(mails).filter((m) => m.to.includes(address) || m.to.includes(target.email))).toEqual(
      [],
    );
  });

  it('refuses each field that decides who signs in or what they reach', async () => {
    const target = await sharedUser();
    const before = await userFingerprint(db(), target.id);
    const bodies: Record<string, unknown>[] = [
      { email: attacker() },
      { reset_password: true },
      { disabled: true },
      { bypass_sso: true },
      { everest_role_uuid: manager },
      { olympus_role_uuid: adminRole.id },
      { olympus_role_uuid: '' },
    ];
    for (const body of bodies) {
      const res = await admin.put(`/users/${target.id}`, { name: target.name, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    expect(await userFingerprint(db(), target.id)).toEqual(before);
  });

  it('still lets the admin rename them by saving the whole edit form', async () => {
    const target = await sharedUser();
    const form = (await admin.get(`/users/${target.id}/edit`)).json();
    const edit = form.data;
    // The form shows the sign-in fields locked; the name stays editable.
    const byName = Object.fromEntries(
      form.fields.flatMap((g: { fields: { name: string }[] }) => g.fields).map((f: { name: string }) => [f.name, f]),
    );
    for (const name of ['email', 'reset_password', 'disabled', 'bypass_sso', 'olympus_role_uuid', 'everest_role_uuid'])
      expect(byName[name].disabled, name).toBe(true);
    expect(byName.name.disabled).toBeUndefined();
    const res = await admin.put(`/users/${target.id}`, { ...edit, name: 'Renamed Person', reset_password: false });
    expect(res.statusCode).toBe(200);
    const after = await userFingerprint(db(), target.id);
    expect(after).toMatchObject({ name: 'Renamed Person', email: target.email, bypass_sso: false, disabled_at: null });
    // The membership the admin does not manage stays.
    expect(after.companies).toEqual([w.own.id, w.other.id].sort());
  });

  it('lets a super admin do it', async () => {
    const target = await sharedUser();
    const res = await sa.put(`/users/${target.id}`, { email: attacker(), reset_password: true });
    expect(res.statusCode).toBe(200);
  });
});

describe('a user who reaches more than the admin in the admin’s own company', () => {
  it('refuses a password reset for a user with a system role the admin lacks, and one with an Olympus role above theirs', async () => {
    const everestLead = await createUser(db(), { role: 'system_user', companies: [w.own] });
    await giveSystemRole(db(), everestLead.id, 'Portal', 'editor');
    const powerful = await createRole(db(), 'Olympus', unique('company_editor'), ['companies.*', 'users.view']);
    const companyEditor = await createUser(db(), { companies: [w.own] });
    await db().execute(
      sql`insert into user_systems (user_id, system_id, role_id) values (${companyEditor.id}, ${powerful.systemId}, ${powerful.id})`,
    );
    for (const target of [everestLead, companyEditor]) {
      const before = await userFingerprint(db(), target.id);
      const answers = await parallel(() =>
        admin.put(`/users/${target.id}`, { email: attacker(), reset_password: true }),
      );
      for (const a of answers) {
        expect(a.status).toBe(403);
        expect(a.message).toBe(
          'This user has access you do not hold. Ask a super admin to change their email, password, sign-in or roles.',
        );
      }
      expect(await userFingerprint(db(), target.id)).toEqual(before);
    }
  });
});

describe('an email change the admin may make', () => {
  it('mails the old address too, without any password', async () => {
    const target = await createUser(db(), { role: 'system_user', companies: [w.own, second] });
    const address = `${unique('moved').toLowerCase()}@example.test`;
    const res = await admin.put(`/users/${target.id}`, { email: address });
    expect(res.statusCode).toBe(200);
    const mail = await t.mail.waitFor(target.email);
    expect(mail.subject).toBe('Your Olympus email address has been changed');
    expect(mail.text).toContain(address);
    expect(mail.text).not.toMatch(/password:/i);
  });

  it('does not hand a signed-in takeover the other company’s data either (the session only sees the user’s companies)', async () => {
    // The refused takeover above leaves the shared user's sign-in with its owner: their token still works.
    const target = await createUser(db(), { role: 'system_user', companies: [w.own, w.other] });
    const token = await tokenFor(db(), target.id);
    expect((await admin.put(`/users/${target.id}`, { reset_password: true })).statusCode).toBe(403);
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: token });
    expect(session.statusCode).toBe(200);
    expect(
      await countWhere(
        db(),
        sql`select count(*) as n from access_tokens where user_id = ${target.id} and revoked_at is not null`,
      ),
    ).toBe(0);
  });
});
