// Which company an audit row belongs to, attacked through the real routes: the row belongs to the
// company of the record it is about (a company to itself, a user and a sign-in to the user's companies),
// never to the X-Tenant the caller sent. An auditor of one company sends the requests that used to reach
// another company's rows (its own sign-in attempts naming a victim included); an admin reads the history
// of a user shared with another company; a user restores a disabled version of themselves.
// docs/security.md "The audit log".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { apiAs, auditFor, count, createWorld, type World } from './resources-fixtures';
import { createRole, createUser, PASSWORD, tokenFor } from './factories';
import { authClient } from './auth-client';
import { userSystems } from '../../server/db/schema';
import type { AuditRow } from '../../contract/audit';

let t: TestApp;
let w: World;
const db = () => t.database.db;

/** A user whose only Olympus role is a custom one granting `grants`. */
async function userWithRole(roleName: string, grants: string[], companies: { id: string }[], name: string) {
  const role = await createRole(db(), 'Olympus', roleName, grants);
  const user = await createUser(db(), { role: null, companies, name });
  await db().insert(userSystems).values({ userId: user.id, systemId: role.systemId, roleId: role.id });
  return user;
}

let auditor: { authorization: string };
let otherAuditor: { authorization: string };
let boss: { id: string; headers: { authorization: string } };
let otherAdmin: { id: string; name: string; email: string; headers: { authorization: string } };
let otherOnly: { id: string; name: string; email: string };
let shared: { id: string; name: string; email: string };

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  auditor = await tokenFor(db(), (await userWithRole('own_auditor', ['audit.view'], [w.own], 'Own Auditor')).id);
  const theirAuditor = await userWithRole('other_auditor', ['audit.view'], [w.other], 'Other Auditor');
  otherAuditor = await tokenFor(db(), theirAuditor.id);
  // As the demo's super admin: a member of every company.
  const b = await createUser(db(), { role: 'super_admin', companies: [w.own, w.other], name: 'Boss Both' });
  boss = { id: b.id, headers: await tokenFor(db(), b.id) };
  const oa = await createUser(db(), { role: 'admin', companies: [w.other], name: 'Oscar Otheradmin' });
  otherAdmin = { ...oa, headers: await tokenFor(db(), oa.id) };
  otherOnly = await createUser(db(), {
    role: 'system_user',
    companies: [w.other],
    name: 'Vera Victim',
    email: 'vera@o.t',
  });
  shared = await createUser(db(), { role: 'system_user', companies: [w.own, w.other], name: 'Sid Shared' });
});
afterAll(() => t.close());

const auditRows = async (headers: { authorization: string }, query: string, tenant: string) => {
  const res = await apiAs(t, headers, tenant).get(`/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AuditRow[];
};
/** Each query's rows, one request after another (a whole list is one per caller at a time). */
const eachRows = async (headers: { authorization: string }, queries: string[], tenant: string) => {
  const all: AuditRow[][] = [];
  for (const q of queries) all.push(await auditRows(headers, q, tenant));
  return all;
};
const logSize = () => count(db(), sql`select count(*) as n from audit_log`);

describe('an auditor reads only their companies’ rows, whatever X-Tenant the writer sent', () => {
  it('another company’s record, its integration and its only user, changed with X-Tenant of the auditor’s company', async () => {
    const asBoss = apiAs(t, boss.headers, w.own.id);
    const changes = await Promise.all([
      asBoss.put(`/companies/${w.other.id}`, { city: 'Otherton' }),
      asBoss.put(`/companies/${w.other.id}/integrations/accounting`, {
        tenant_id: 'XERO-OTHER-77',
        client_id: 'cl-other-77',
      }),
      asBoss.put(`/users/${otherOnly.id}`, { name: 'Vera Renamed' }),
    ]);
    for (const res of changes) expect(res.statusCode, res.body).toBe(200);

    const size = await logSize();
    const reads = await eachRows(
      auditor,
      [
        '?per_page=500',
        '',
        '?resource=companies&per_page=500',
        '?resource=users&per_page=500',
        '?action=company.updated',
        '?action=integration.updated',
        '?action=user.updated',
        `?actor=${boss.id}&per_page=500`,
        `?q=${encodeURIComponent('Other Estates')}`,
        '?q=XERO-OTHER',
        '?q=Vera',
        `?q=${w.other.id.slice(0, 13)}`,
        `?q=${otherOnly.id.slice(0, 13)}`,
      ],
      w.own.id,
    );
    for (const rows of reads) {
      for (const r of rows) {
        const text = JSON.stringify(r);
        expect(r.entity_id, text).not.toBe(w.other.id);
        expect(r.entity_id, text).not.toBe(otherOnly.id);
        expect(r.entity_id, text).not.toBe(`${w.other.id}:accounting`);
        expect(r.company?.id ?? null, text).not.toBe(w.other.id);
        for (const secret of ['XERO-OTHER-77', 'cl-other-77', 'Vera', 'Otherton', 'Other Estates']) {
          expect(text).not.toContain(secret);
        }
      }
    }
    expect(await logSize()).toBe(size);

    // The rows are there, and the other company's auditor reads them: they are that company's.
    const theirs = await auditRows(otherAuditor, '?per_page=500', w.other.id);
    const ids = theirs.map((r) => r.entity_id);
    expect(ids).toContain(w.other.id);
    expect(ids).toContain(`${w.other.id}:accounting`);
    expect(ids).toContain(otherOnly.id);
  });
});

describe('an auditor reads a shared user’s rows as the user’s read view shows them', () => {
  it('a membership change names only the auditor’s companies', async () => {
    const u = await createUser(db(), { role: 'system_user', companies: [w.own], name: 'Mia Membership' });
    const added = await apiAs(t, boss.headers, w.own.id).put(`/users/${u.id}`, { companies: [w.own.id, w.other.id] });
    expect(added.statusCode, added.body).toBe(200);
    const renamed = await apiAs(t, boss.headers, w.own.id).put(`/users/${u.id}`, { name: 'Mia Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const mine = (await auditRows(auditor, `?per_page=500&resource=users`, w.own.id)).filter(
      (r) => r.entity_id === u.id,
    );
    expect(mine.map((r) => r.action)).toEqual(['user.updated', 'user.updated']);
    expect(JSON.stringify(mine)).not.toContain(w.other.id);
    // Nothing of the first change is the auditor's to see but that it happened.
    expect(mine[1].changes).toEqual({ version: { before: 1, after: 2 } });
    expect(mine[0].changes).toMatchObject({ name: { before: 'Mia Membership', after: 'Mia Renamed' } });
    // The other company's auditor sees it join them.
    const theirRows = await auditRows(otherAuditor, `?per_page=500&resource=users`, w.other.id);
    const theirs = theirRows.filter((r) => r.entity_id === u.id);
    expect(theirs[1].changes?.companies).toEqual({ after: [w.other.id] });
  });
});

describe('a failed sign-in sent with an auditor’s token and X-Tenant belongs to the account it names', () => {
  it('the victim’s id, name and email never reach the auditor; the victim can still sign in', async () => {
    const asAuditor = apiAs(t, auditor, w.own.id);
    const tries = await Promise.all([
      asAuditor.post('/auth/login', { email: otherOnly.email, password: 'Wrong-Password-1' }),
      asAuditor.post('/auth/login', { email: otherOnly.email, password: 'Wrong-Password-2' }),
      asAuditor.post('/auth/login', { email: 'nobody-at-all@nowhere.test', password: 'Wrong-Password-3' }),
    ]);
    for (const res of tries) expect(res.statusCode, res.body).toBe(401);

    const queries = [
      ...['?per_page=500', '', '?action=auth.login_failed', `?q=${encodeURIComponent(otherOnly.email)}`],
      ...['?q=vera', '?q=nobody-at-all', '?resource=users&per_page=500'],
    ];
    const reads = await eachRows(auditor, queries, w.own.id);
    for (const rows of reads) {
      for (const r of rows) {
        const text = JSON.stringify(r);
        expect(text).not.toContain(otherOnly.id);
        expect(text.toLowerCase()).not.toContain('vera');
        expect(text).not.toContain('nobody-at-all');
      }
    }
    // Written, and as the victim's company's: the other auditor sees the two failures on their user.
    const failures = (await auditFor(db(), otherOnly.id)).filter((r) => r.action === 'auth.login_failed');
    expect(failures).toHaveLength(2);
    expect(failures.every((r) => r.tenant_id === null)).toBe(true);
    const theirs = await auditRows(otherAuditor, '?action=auth.login_failed', w.other.id);
    expect(theirs.filter((r) => r.entity_id === otherOnly.id)).toHaveLength(2);
    // Nothing else changed: two failures lock nobody.
    expect((await authClient(t).login(otherOnly.email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('a user’s history shows what the user’s read view shows, and actors the caller may see', () => {
  it('another company’s admin and company stay out of a shared user’s history', async () => {
    // The other company's admin renames the shared user; then the own company's admin.
    const renamed = await apiAs(t, otherAdmin.headers, w.other.id).put(`/users/${shared.id}`, { name: 'Sid Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const own = await apiAs(t, w.headers.admin, w.own.id).put(`/users/${shared.id}`, { name: 'Sid Again' });
    expect(own.statusCode, own.body).toBe(200);

    const size = await logSize();
    const [history, read] = await Promise.all([
      apiAs(t, w.headers.admin, w.own.id).get(`/users/${shared.id}/history`),
      apiAs(t, w.headers.admin, w.own.id).get(`/users/${shared.id}`),
    ]);
    expect(history.statusCode, history.body).toBe(200);
    expect(read.statusCode).toBe(200);
    // The read view hides the other company; so does the history.
    expect(read.body).not.toContain(w.other.id);
    expect(history.body).not.toContain(w.other.id);
    // The other company's admin is not named: no id, name or email.
    for (const secret of [otherAdmin.id, otherAdmin.name, otherAdmin.email]) expect(history.body).not.toContain(secret);
    type Entry = {
      actor: { id: string | null; name: string | null; hidden?: boolean } | null;
      changes: { field: string }[];
    };
    const entries = history.json().data as Entry[];
    expect(entries[0].actor).toMatchObject({ id: w.users.admin.id, name: 'The admin' });
    expect(entries[1].actor).toEqual({ id: null, name: null, hidden: true });
    expect(entries[1].changes.map((c) => c.field)).toEqual(['name']);
    expect(await logSize()).toBe(size);

    // The other company's admin sees their own change named, and the own admin anonymised likewise.
    const theirHistory = await apiAs(t, otherAdmin.headers, w.other.id).get(`/users/${shared.id}/history`);
    const theirs = theirHistory.json().data as { actor: unknown }[];
    expect(theirs[1].actor).toMatchObject({ id: otherAdmin.id });
    expect(theirs[0].actor).toEqual({ id: null, name: null, hidden: true });
  });

  it('memberships of companies the caller does not see are left out of a history’s before and after', async () => {
    const u = await createUser(db(), { role: 'system_user', companies: [w.own], name: 'Mo Member' });
    const added = await apiAs(t, boss.headers, w.own.id).put(`/users/${u.id}`, { companies: [w.own.id, w.other.id] });
    expect(added.statusCode, added.body).toBe(200);
    const res = await apiAs(t, w.headers.admin, w.own.id).get(`/users/${u.id}/history`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(w.other.id);
    // The only change was one the caller cannot see: nothing to show of it.
    const entries = res.json().data as { changes: { field: string }[] }[];
    expect(entries[0].changes.filter((c) => c.field === 'companies')).toEqual([]);
    // A super admin sees it whole.
    const whole = await apiAs(t, boss.headers, w.own.id).get(`/users/${u.id}/history`);
    expect(whole.body).toContain(w.other.id);
  });
});

describe('a conflict’s “changed since” is no way round it', () => {
  it('a stale save of a shared user answers 409 without the other company’s admin or company', async () => {
    const u = await createUser(db(), { role: 'system_user', companies: [w.own, w.other], name: 'Cy Conflict' });
    const asOwn = apiAs(t, w.headers.admin, w.own.id);
    const version = (await asOwn.get(`/users/${u.id}`)).json().data.version as number;
    // The other company's admin renames the user; a super admin takes the other company away.
    expect(
      (await apiAs(t, otherAdmin.headers, w.other.id).put(`/users/${u.id}`, { name: 'Cy Theirs' })).statusCode,
    ).toBe(200);
    expect((await apiAs(t, boss.headers, w.own.id).put(`/users/${u.id}`, { companies: [w.own.id] })).statusCode).toBe(
      200,
    );
    const size = await logSize();
    const stale = await Promise.all([
      asOwn.put(`/users/${u.id}`, { name: 'Cy Mine', version }),
      asOwn.put(`/users/${u.id}`, { name: 'Cy Mine too', version }),
    ]);
    for (const res of stale) {
      expect(res.statusCode, res.body).toBe(409);
      for (const secret of [otherAdmin.id, otherAdmin.name, otherAdmin.email, w.other.id])
        expect(res.body).not.toContain(secret);
      const changes = res.json().conflict.changes as { field: string; by: unknown }[];
      expect(changes.find((c) => c.field === 'name')?.by).toEqual({ id: null, name: null, hidden: true });
      expect(changes.find((c) => c.field === 'companies')).toBeUndefined();
    }
    expect(await logSize()).toBe(size);
    expect((await asOwn.get(`/users/${u.id}`)).json().data.name).toBe('Cy Theirs');
  });
});

describe('a restore is checked as the same change through update', () => {
  it('restoring a disabled version of oneself: 409, never 500, with or without a body, nothing changed', async () => {
    const me = await createUser(db(), { role: 'admin', companies: [w.own], name: 'Dee Disabled' });
    const asBoss = apiAs(t, boss.headers, w.own.id);
    expect((await asBoss.put(`/users/${me.id}`, { disabled: true })).statusCode).toBe(200);
    expect((await asBoss.put(`/users/${me.id}`, { disabled: false })).statusCode).toBe(200);
    const headers = await tokenFor(db(), me.id);
    const mine = await apiAs(t, headers, w.own.id).get(`/users/${me.id}/history`);
    const entries = mine.json().data as { id: string; changes: { field: string; after: unknown }[] }[];
    const disabled = entries.find((e) => e.changes.some((c) => c.field === 'disabled' && c.after === true));
    expect(disabled).toBeDefined();

    const size = await logSize();
    const url = `/api/v1/users/${me.id}/history/${disabled!.id}/restore`;
    const send = (payload?: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'x-tenant': w.own.id, ...(payload ? { 'content-type': 'application/json' } : {}) },
        payload: payload ? JSON.stringify(payload) : undefined,
      });
    const answers = await Promise.all([send(), send({}), send({ disabled: false }), send()]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe('You cannot disable your own account.');
    }
    // A body that is no JSON at all is the request's own fault, not the server's.
    const junkHeaders = { ...headers, 'x-tenant': w.own.id, 'content-type': 'application/json' };
    const junk = await t.app.inject({ method: 'POST', url, headers: junkHeaders, payload: '{' });
    expect(junk.statusCode, junk.body).toBeGreaterThanOrEqual(400);
    expect(junk.statusCode, junk.body).toBeLessThan(500);
    expect(await count(db(), sql`select count(*) as n from users where id = ${me.id} and disabled_at is null`)).toBe(1);
    expect(await logSize()).toBe(size);
  });
});
