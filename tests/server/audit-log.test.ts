// The audit log API (GET /api/v1/audit; server/auditLog/) and its retention: filters, search, paging
// and 422s; who sees what (a super admin everything, a holder of audit.view the rows their companies
// own, naming only their companies' people, nobody else anything), sent as attacks; no route
// changes or removes a row; pruning runs once across two instances. docs/security.md "The audit log".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { apiAs, createProperty, createUnit, createWorld, type World } from './resources-fixtures';
import { createCompany, createRole, createSystem, createUser, tokenFor } from './factories';
import { auditLog, userSystems } from '../../server/db/schema';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { AUDIT_PRUNE_JOB, pruneAuditLog } from '../../server/auditLog/retention';
import { AUDIT_PRUNED_ACTION, AUDIT_RETENTION_DEFAULT_DAYS, type AuditRow } from '../../contract/audit';

let t: TestApp;
let w: World;
const db = () => t.database.db;

/** Rows this file wrote, by name, with their ids. */
const ids: Record<string, number> = {};
let auditorHeaders: { authorization: string };
let otherAuditorHeaders: { authorization: string };
let shared: { id: string; name: string };
let outsider: { id: string; name: string; email: string };
let own2: { id: string };
let unitId: string;

const HOUR = 3600_000;
const base = Date.parse('2025-03-05T12:00:00Z');
const at = (hours: number) => new Date(base + hours * HOUR);

async function row(name: string, values: Partial<typeof auditLog.$inferInsert> & { action: string }) {
  const [r] = await db().insert(auditLog).values(values).returning({ id: auditLog.id });
  ids[name] = r.id;
}

/** A user whose only Olympus role is a custom one granting `grants`. */
async function userWithRole(roleName: string, grants: string[], companies: { id: string }[]) {
  const role = await createRole(db(), 'Olympus', roleName, grants);
  const user = await createUser(db(), { role: null, companies, name: `The ${roleName}` });
  await db().insert(userSystems).values({ userId: user.id, systemId: role.systemId, roleId: role.id });
  return user;
}

const list = (headers: { authorization: string } | null, query = '', tenant: string | null = w.own.id) =>
  apiAs(t, headers, tenant).get(`/audit${query}`);
const rowsOf = (res: { json(): { data: AuditRow[] } }) => res.json().data;
const namesOf = (rows: AuditRow[]) =>
  rows.map((r) => Object.entries(ids).find(([, id]) => id === r.id)?.[0] ?? `#${r.id}`);

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  own2 = await createCompany(db(), { name: 'Second Own' });
  const auditor = await userWithRole('auditor', ['audit.view'], [w.own, own2]);
  auditorHeaders = await tokenFor(db(), auditor.id);
  const otherAuditor = await userWithRole('other_auditor', ['audit.view'], [w.other]);
  otherAuditorHeaders = await tokenFor(db(), otherAuditor.id);
  outsider = await createUser(db(), {
    role: 'admin',
    companies: [w.other],
    name: 'Olga Outsider',
    email: 'olga@other.test',
  });
  shared = await createUser(db(), { role: 'admin', companies: [w.own, w.other], name: 'Sam Shared' });
  const property = await createProperty(db(), w.own.id, { name: 'Harbour View' });
  const unit = await createUnit(db(), property, { name: 'Flat 7' });
  unitId = unit.id;

  // Written oldest first; `at` spreads them over three days of March 2025. Each owned as server/audit.ts
  // writes it: a record's company in tenant_id, a user's (or a sign-in's) companies in company_ids.
  await row('ownUnitUpdate', {
    at: at(0),
    action: 'unit.update',
    actorId: w.users.admin.id,
    tenantId: w.own.id,
    entity: 'unit',
    entityId: unitId,
    changes: { name: { before: 'Flat 6', after: 'Flat 7' } },
    ip: '10.0.0.1',
  });
  await row('ownUserPassword', {
    at: at(1),
    action: 'user.update',
    actorId: w.users.admin.id,
    companyIds: [w.own.id],
    entity: 'user',
    entityId: w.users.system_user.id,
    changes: { password: { before: '***', after: '***' } },
    ip: '10.0.0.2',
  });
  await row('otherUnitCreate', {
    at: at(2),
    action: 'unit.create',
    actorId: outsider.id,
    tenantId: w.other.id,
    entity: 'unit',
    entityId: '7b0d4cbe-6d1f-4f57-9a43-3c6a1c3f5e11',
    ip: '192.0.2.9',
  });
  await row('ownLogin', {
    at: at(3),
    action: 'auth.login',
    actorId: w.users.admin.id,
    companyIds: [w.own.id],
    entity: 'user',
    entityId: w.users.admin.id,
    detail: { method: 'password' },
    ip: '10.0.0.3',
  });
  await row('outsiderLogin', {
    at: at(4),
    action: 'auth.login',
    actorId: outsider.id,
    companyIds: [w.other.id],
    entity: 'user',
    entityId: outsider.id,
    detail: { method: 'password' },
    ip: '192.0.2.10',
  });
  await row('sharedLogin', {
    at: at(5),
    action: 'auth.login',
    actorId: shared.id,
    companyIds: [w.own.id, w.other.id],
    entity: 'user',
    entityId: shared.id,
    ip: '198.51.100.4',
  });
  await row('sharedInOther', {
    at: at(6),
    action: 'property.delete',
    actorId: shared.id,
    tenantId: w.other.id,
    entity: 'property',
    entityId: 'c2c7f3a0-58a4-4a43-8b7e-2a52f2e0b6b1',
  });
  await row('unknownLoginFailed', {
    at: at(24),
    action: 'auth.login_failed',
    detail: { reason: 'unknown_email', email: 'nobody@example.test' },
    ip: '203.0.113.5',
  });
  await row('targetOwnByOutsider', {
    at: at(25),
    action: 'users.sessions_revoked',
    actorId: outsider.id,
    companyIds: [w.own.id],
    entity: 'user',
    entityId: w.users.admin.id,
  });
  await row('own2Report', {
    at: at(48),
    action: 'report.create',
    actorId: w.users.super_admin.id,
    tenantId: own2.id,
    entity: 'report',
    entityId: 'a8c4d5e6-0000-4000-8000-000000000001',
  });
  await row('otherSystem', {
    at: at(49),
    action: 'systems.handoff',
    actorId: outsider.id,
    tenantId: w.other.id,
    entity: 'system',
    entityId: (await createSystem(db(), 'Everest')).id,
  });
});
afterAll(() => t.close());

/** This file's rows among an answer (the app writes its own too: the seed of roles, sign-ins …). */
const mine = (rows: AuditRow[]) => namesOf(rows.filter((r) => Object.values(ids).includes(r.id)));

describe('GET /audit as a super admin', () => {
  it('answers every event newest first, with person, company, resource, record and changes', async () => {
    const res = await list(w.headers.super_admin, '?per_page=100');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta.total).toBeGreaterThanOrEqual(Object.keys(ids).length);
    const rows = rowsOf(res);
    expect(mine(rows)).toEqual([
      'otherSystem',
      'own2Report',
      'targetOwnByOutsider',
      'unknownLoginFailed',
      'sharedInOther',
      'sharedLogin',
      'outsiderLogin',
      'ownLogin',
      'otherUnitCreate',
      'ownUserPassword',
      'ownUnitUpdate',
    ]);
    const update = rows.find((r) => r.id === ids.ownUnitUpdate)!;
    expect(update).toEqual({
      id: ids.ownUnitUpdate,
      at: '2025-03-05T12:00:00.000Z',
      actor: { id: w.users.admin.id, name: 'The admin', email: w.users.admin.email },
      company: { id: w.own.id, name: 'Own Lettings' },
      action: 'unit.update',
      entity: 'unit',
      resource: 'units',
      entity_id: unitId,
      record_label: 'Flat 7',
      ip: '10.0.0.1',
      changes: { name: { before: 'Flat 6', after: 'Flat 7' } },
      detail: null,
    });
    // A record that no longer exists has no label; a system is no declared resource; no actor is the system.
    expect(rows.find((r) => r.id === ids.otherUnitCreate)).toMatchObject({ resource: 'units', record_label: null });
    expect(rows.find((r) => r.id === ids.otherSystem)).toMatchObject({
      entity: 'system',
      resource: null,
      record_label: null,
    });
    expect(rows.find((r) => r.id === ids.unknownLoginFailed)).toMatchObject({
      actor: null,
      company: null,
      entity: null,
      resource: null,
    });
    expect(rows.find((r) => r.id === ids.ownUserPassword)!.changes).toEqual({
      password: { before: '***', after: '***' },
    });
  });

  it('is not narrowed by X-Tenant: the same rows with another company as the current one', async () => {
    const a = mine(rowsOf(await list(w.headers.super_admin, '?per_page=100', w.own.id)));
    const b = mine(rowsOf(await list(w.headers.super_admin, '?per_page=100', w.other.id)));
    const c = mine(rowsOf(await list(w.headers.super_admin, '?per_page=100', null)));
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it('filters by person, company, resource, action and dates, and the filters combine', async () => {
    const q = async (query: string) => mine(rowsOf(await list(w.headers.super_admin, `?per_page=100&${query}`)));
    expect(await q(`actor=${outsider.id}`)).toEqual([
      'otherSystem',
      'targetOwnByOutsider',
      'outsiderLogin',
      'otherUnitCreate',
    ]);
    expect(await q(`company=${w.other.id}`)).toEqual(['otherSystem', 'sharedInOther', 'otherUnitCreate']);
    expect(await q('resource=units')).toEqual(['otherUnitCreate', 'ownUnitUpdate']);
    expect(await q('resource=users')).toEqual([
      'targetOwnByOutsider',
      'sharedLogin',
      'outsiderLogin',
      'ownLogin',
      'ownUserPassword',
    ]);
    expect(await q('resource=units&resource=reports&resource=units')).toEqual([
      'own2Report',
      'otherUnitCreate',
      'ownUnitUpdate',
    ]);
    expect(await q('action=auth.login')).toEqual(['sharedLogin', 'outsiderLogin', 'ownLogin']);
    expect(await q(`action=auth.login&actor=${shared.id}`)).toEqual(['sharedLogin']);
    expect(await q(`company=${w.other.id}&resource=units`)).toEqual(['otherUnitCreate']);
    // A date `to` includes its whole (UTC) day; a date-time is exact; both ends included.
    expect(await q('from=2025-03-06&to=2025-03-06')).toEqual(['targetOwnByOutsider', 'unknownLoginFailed']);
    expect(await q('from=2025-03-05T13:00:00Z&to=2025-03-05T15:00:00Z')).toEqual([
      'ownLogin',
      'otherUnitCreate',
      'ownUserPassword',
    ]);
    expect(await q('from=2025-03-05T15:00:00%2B02:00&to=2025-03-05T14:00')).toEqual([
      'otherUnitCreate',
      'ownUserPassword',
    ]);
    expect(await q('to=2025-03-05')).toEqual([
      'sharedInOther',
      'sharedLogin',
      'outsiderLogin',
      'ownLogin',
      'otherUnitCreate',
      'ownUserPassword',
      'ownUnitUpdate',
    ]);
  });

  it('searches action, kind, record id, person name and email, and address', async () => {
    const q = async (term: string) =>
      mine(
        rowsOf(
          await list(
            w.headers.super_admin,
            `?per_page=100&from=2025-03-01&to=2025-03-31&q=${encodeURIComponent(term)}`,
          ),
        ),
      );
    expect(await q('LOGIN_FAILED')).toEqual(['unknownLoginFailed']);
    expect(await q('olga')).toEqual(['otherSystem', 'targetOwnByOutsider', 'outsiderLogin', 'otherUnitCreate']);
    expect(await q('olga@OTHER')).toEqual(['otherSystem', 'targetOwnByOutsider', 'outsiderLogin', 'otherUnitCreate']);
    expect(await q('192.0.2.')).toEqual(['outsiderLogin', 'otherUnitCreate']);
    expect(await q(unitId.slice(0, 13))).toEqual(['ownUnitUpdate']);
    expect(await q('propert')).toEqual(['sharedInOther']);
    // LIKE's wildcards are plain text.
    expect(await q('%')).toEqual([]);
  });

  it('pages with page and per_page, meta.total counting the filtered rows', async () => {
    const all = mine(rowsOf(await list(w.headers.super_admin, '?per_page=100&to=2025-03-31&from=2025-03-01')));
    const pages: string[] = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await list(w.headers.super_admin, `?page=${page}&per_page=3&from=2025-03-01&to=2025-03-31`);
      expect(res.json().meta).toEqual({ total: all.length, page, per_page: 3 });
      pages.push(...mine(rowsOf(res)));
    }
    expect(pages).toEqual(all);
    // Oldest first on request; a capped count says when it stopped.
    expect(
      mine(rowsOf(await list(w.headers.super_admin, '?per_page=100&sort=at&from=2025-03-01&to=2025-03-31'))),
    ).toEqual([...all].reverse());
    const capped = await list(w.headers.super_admin, '?page=1&per_page=2&count=capped&from=2025-03-01&to=2025-03-31');
    expect(capped.json().meta).toEqual({ total: all.length, page: 1, per_page: 2 });
    // Without page and per_page: the whole filtered log (what the screen's CSV export holds), still with meta.
    const whole = await list(w.headers.super_admin, `?actor=${outsider.id}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.json().meta).toEqual({ total: 4 });
  });

  it('answers 422 naming the parameter for bad values', async () => {
    const bad = async (query: string, param: string) => {
      const res = await list(w.headers.super_admin, query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toEqual([param]);
      expect(typeof res.json().message).toBe('string');
    };
    await bad('?actor=nobody', 'actor');
    await bad('?company=12', 'company');
    await bad('?resource=audit', 'resource');
    await bad('?resource=unit', 'resource');
    await bad('?from=yesterday', 'from');
    await bad('?from=2025-02-30', 'from');
    await bad('?to=2025-03-05T25:00:00Z', 'to');
    await bad('?from=2025-03-06&to=2025-03-05', 'to');
    await bad('?page=0', 'page');
    await bad('?per_page=501', 'per_page');
    await bad('?sort=name', 'sort');
    await bad(`?q=${'x'.repeat(201)}`, 'q');
    await bad(`?action=${'x'.repeat(101)}`, 'action');
  });
});

describe('who sees what', () => {
  it('guests are refused 401; system users, admins and users without the permission 403', async () => {
    expect((await list(null)).statusCode).toBe(401);
    for (const role of ['system_user', 'admin', 'none'] as const) {
      const res = await list(w.headers[role]);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().data, role).toBeUndefined();
    }
  });

  it('a holder of audit.view sees the rows their companies own, and names only their companies’ people', async () => {
    const res = await list(auditorHeaders, '?per_page=100');
    expect(res.statusCode).toBe(200);
    expect(mine(rowsOf(res))).toEqual([
      'own2Report',
      'targetOwnByOutsider',
      'sharedLogin',
      'ownLogin',
      'ownUserPassword',
      'ownUnitUpdate',
    ]);
    // The outsider's change of one of their users is theirs; the outsider is not named in it.
    expect(rowsOf(res).find((r) => r.id === ids.targetOwnByOutsider)!.actor).toEqual({
      id: null,
      name: null,
      email: null,
      hidden: true,
    });
    expect(rowsOf(res).find((r) => r.id === ids.sharedLogin)!.actor).toMatchObject({
      id: shared.id,
      name: 'Sam Shared',
    });
    // Not the other company's rows, not the outsider's own sign-in, not an unknown address's failed sign-in;
    // and the other company's auditor not what their admin did to a user of another company only.
    const other = mine(rowsOf(await list(otherAuditorHeaders, '?per_page=100', w.other.id)));
    expect(other).toEqual(['otherSystem', 'sharedInOther', 'sharedLogin', 'outsiderLogin', 'otherUnitCreate']);
  });

  it('attack: another company as filter, as X-Tenant, its people, its records and its words leak nothing', async () => {
    const attempts = await Promise.all([
      list(auditorHeaders, `?company=${w.other.id}`),
      list(auditorHeaders, `?company=${w.other.id}&per_page=5&page=1`),
      list(auditorHeaders, '', w.other.id),
      list(auditorHeaders, `?actor=${outsider.id}&per_page=100`),
      list(auditorHeaders, `?actor=${outsider.id}&resource=units&per_page=100`),
      list(auditorHeaders, '?resource=units&per_page=100'),
      list(auditorHeaders, '?q=192.0.2&per_page=100'),
      list(auditorHeaders, '?q=Other%20Estates&per_page=100'),
      list(auditorHeaders, '?action=systems.handoff&per_page=100'),
      list(auditorHeaders, `?q=${encodeURIComponent('7b0d4cbe')}`),
      list(auditorHeaders, '?action=auth.login_failed'),
      // The outsider named in the search: only people of the caller's companies are searched, so a term
      // does not tell who an anonymised actor is.
      list(auditorHeaders, '?q=olga@other&per_page=100'),
      list(auditorHeaders, '?q=Olga&per_page=100'),
    ]);
    expect(attempts[0].statusCode).toBe(403);
    expect(attempts[1].statusCode).toBe(403);
    expect(attempts[2].statusCode).toBe(403);
    const leaked = (i: number) => mine(rowsOf(attempts[i]));
    // The outsider did something to one of their users, but is not someone they may look up by id.
    expect(leaked(3)).toEqual([]);
    expect(leaked(4)).toEqual([]);
    expect(leaked(5)).toEqual(['ownUnitUpdate']);
    expect(leaked(6)).toEqual([]);
    expect(leaked(7)).toEqual([]);
    expect(leaked(8)).toEqual([]);
    expect(leaked(9)).toEqual([]);
    expect(leaked(10)).toEqual([]);
    expect(leaked(11)).toEqual([]);
    expect(leaked(12)).toEqual([]);
    for (const res of attempts.slice(3)) {
      for (const r of rowsOf(res)) {
        expect(r.company?.id ?? null, JSON.stringify(r)).not.toBe(w.other.id);
        expect(JSON.stringify(r)).not.toContain('Other Estates');
        expect(JSON.stringify(r)).not.toContain(outsider.id);
        expect(JSON.stringify(r)).not.toContain('olga');
      }
    }
    // Their own company as a filter is fine, and counts only what they may see.
    const own = await list(auditorHeaders, `?company=${own2.id}&page=1&per_page=10`);
    expect(own.statusCode).toBe(200);
    expect(mine(rowsOf(own))).toEqual(['own2Report']);
  });

  it('a company the holder leaves takes its events with it', async () => {
    const leaver = await userWithRole('leaving_auditor', ['audit.view'], [own2]);
    const headers = await tokenFor(db(), leaver.id);
    expect(mine(rowsOf(await list(headers, '?per_page=100', own2.id)))).toEqual(['own2Report']);
    await db().execute(sql`delete from user_companies where user_id = ${leaver.id}`);
    const after = await list(headers, '?per_page=100', null);
    expect(after.statusCode).toBe(200);
    expect(mine(rowsOf(after))).toEqual([]);
  });
});

describe('no route changes or removes an audit row', () => {
  it('PUT, PATCH, POST and DELETE on /audit and /audit/{id} answer 404 or 405, and the row is as it was', async () => {
    const snapshot = async () =>
      (await db().execute(sql`select * from audit_log where id = ${ids.ownUnitUpdate}`)) as unknown as {
        rows: unknown[];
      };
    const before = (await snapshot()).rows;
    const count = async () =>
      ((await db().execute(sql`select count(*)::int as n from audit_log`)) as unknown as { rows: { n: number }[] })
        .rows[0].n;
    const n = await count();
    const body = { action: 'forged', changes: null };
    for (const headers of [w.headers.super_admin, auditorHeaders]) {
      for (const method of ['PUT', 'PATCH', 'POST', 'DELETE'] as const) {
        for (const url of [
          '/api/v1/audit',
          `/api/v1/audit/${ids.ownUnitUpdate}`,
          `/api/v1/audit/${ids.ownUnitUpdate}/edit`,
        ]) {
          const res = await t.app.inject({
            method,
            url,
            headers: { ...headers, 'x-tenant': w.own.id },
            payload: method === 'DELETE' ? undefined : body,
          });
          expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
        }
      }
    }
    const one = await list(w.headers.super_admin, `/${ids.ownUnitUpdate}`);
    expect(one.statusCode).toBe(404);
    expect((await snapshot()).rows).toEqual(before);
    expect(await count()).toBe(n);
  });
});

describe('retention', () => {
  it('OLYMPUS_AUDIT_RETENTION_DAYS: 400 days by default, a whole number from 1 to 36 500', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(AUDIT_RETENTION_DEFAULT_DAYS);
    expect(loadConfig({ OLYMPUS_AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    for (const bad of ['0', '-1', '1.5', 'forever', '36501']) {
      expect(() => loadConfig({ OLYMPUS_AUDIT_RETENTION_DAYS: bad }), bad).toThrow(
        /OLYMPUS_AUDIT_RETENTION_DAYS must be a whole number from 1 to 36500/,
      );
    }
  });

  const oldRows = async (n: number, daysAgo: number) => {
    for (let i = 0; i < n; i++)
      await db().execute(
        sql`insert into audit_log (at, action) values (now() - make_interval(days => ${daysAgo}) - make_interval(mins => ${i}), 'test.old')`,
      );
  };
  const countWhere = async (cond: ReturnType<typeof sql>) =>
    (
      (await db().execute(sql`select count(*)::int as n from audit_log where ${cond}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0].n;
  const prunes = () =>
    db()
      .execute(sql`select detail from audit_log where action = ${AUDIT_PRUNED_ACTION} order by id`)
      .then((r) => (r as unknown as { rows: { detail: Record<string, unknown> }[] }).rows);

  it('two instances starting at once prune once, in batches, and audit it', async () => {
    await db().execute(sql`delete from audit_log where action = ${AUDIT_PRUNED_ACTION}`);
    await oldRows(12, 31);
    await oldRows(3, 29);
    await db().execute(sql`delete from maintenance_runs where name = ${AUDIT_PRUNE_JOB}`);
    // Two more instances of the app on the same database, with a 30-day retention: each prunes when ready.
    const config = { ...t.config, auditRetentionDays: 30 };
    const a = await buildApp({ config, database: t.database, logger: false });
    const b = await buildApp({ config, database: t.database, logger: false });
    try {
      await Promise.all([a.ready(), b.ready()]);
    } finally {
      await a.close();
      await b.close();
    }
    expect(await countWhere(sql`action = 'test.old' and at < now() - interval '30 days'`)).toBe(0);
    expect(await countWhere(sql`action = 'test.old'`)).toBe(3);
    // The March 2025 rows above are older than 30 days too.
    expect(await countWhere(sql`action = 'unit.update'`)).toBe(0);
    const done = await prunes();
    expect(done).toHaveLength(1);
    expect(done[0].detail).toMatchObject({ actor: 'system', retention_days: 30 });
    expect(done[0].detail.count).toBeGreaterThanOrEqual(12 + Object.keys(ids).length);
    expect(Date.parse(String(done[0].detail.cutoff))).toBeLessThan(Date.now() - 30 * 86_400_000 + 60_000);
  });

  it('within the interval another prune does nothing; after it, one runs again; batches add up', async () => {
    await oldRows(7, 40);
    expect(await pruneAuditLog(db(), 30)).toBeNull();
    expect(await countWhere(sql`action = 'test.old' and at < now() - interval '30 days'`)).toBe(7);
    // As if the last prune were an hour ago; batches of 3 rows: 3 + 3 + 1.
    await db().execute(
      sql`update maintenance_runs set last_run_at = now() - interval '61 minutes' where name = ${AUDIT_PRUNE_JOB}`,
    );
    const [first, second] = await Promise.all([
      pruneAuditLog(db(), 30, { batch: 3 }),
      pruneAuditLog(db(), 30, { batch: 3 }),
    ]);
    const ran = [first, second].filter((r) => r !== null);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.deleted).toBe(7);
    expect(await countWhere(sql`action = 'test.old' and at < now() - interval '30 days'`)).toBe(0);
    expect((await prunes()).map((p) => p.detail.count)).toEqual([expect.any(Number), 7]);
  });

  it('a prune with nothing to delete writes no row', async () => {
    await db().execute(sql`delete from maintenance_runs where name = ${AUDIT_PRUNE_JOB}`);
    const before = (await prunes()).length;
    expect(await pruneAuditLog(db(), 30)).toMatchObject({ deleted: 0 });
    expect((await prunes()).length).toBe(before);
  });
});
