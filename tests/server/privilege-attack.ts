// The privilege matrix's attack (tests/server/privilege-matrix.test.ts): the callers (super_admin,
// admin, system_user, a custom role with wildcard grants, a custom role with narrow grants), the
// cases of every declared resource's writes from its declaration (./declared-fixtures.ts), and the
// run that sends each case and checks that every refusal left its target, the counts and the audit
// log as they were. The hand-written routes' cases stay in the test file and run through the same run.
import { sql } from 'drizzle-orm';
import { createCompany, createRole, createUser, OLYMPUS_GRANTS, tokenFor } from './factories';
import { apiAs, unique, type Api } from './resources-fixtures';
import { clearAuthCache } from '../../server/auth/authCache';
import { apiBase, importCsv, importEnded, validValue, type AttackContext } from './declared-fixtures';
import { importable } from '../../contract/imports';
import { bulkActions, bulkFields } from '../../contract/bulk';
import { countWhere, rowsOf } from './privilege-fixtures';
import { hasTrash, type ResourceDecl } from '../../contract/resources/declare';
import type { RouteEntry } from '../../server/http/routeAccess';
import type { Db } from '../../server/db';
import { areaByKey, areaKeyOf, mayOpenArea, permissionOf } from '../../contract/access';
import { hasPermission, SUPER_ADMIN, SYSTEM_USER } from '../../contract/roles';

export type Caller = 'super_admin' | 'admin' | 'system_user' | 'wild' | 'narrow';
export const CALLERS: Caller[] = ['super_admin', 'admin', 'system_user', 'wild', 'narrow'];
const CUSTOM_GRANTS: Record<'wild' | 'narrow', string[]> = {
  wild: ['users.*', 'roles.*', 'companies.*', 'integrations.*'],
  narrow: ['users.view', 'users.update', 'roles.update', 'companies.update', 'integrations.update'],
};
export const grantsOf = (c: Caller) => (c === 'wild' || c === 'narrow' ? CUSTOM_GRANTS[c] : OLYMPUS_GRANTS[c]);
export const roleNameOf = (c: Caller) => (c === 'wild' || c === 'narrow' ? `matrix_${c}` : c);

/** The area's route rules (contract/access.ts) and the caller's own permission (`{area}.{verb}` unless named): may the
 * caller use the route at all? */
export function mayUse(c: Caller, area: string, verb: string, permission = `${area}.${verb}`): boolean {
  if (!mayOpenArea(areaByKey(area), { role: roleNameOf(c), permissions: grantsOf(c) })) return false;
  if (area === 'integrations' && c === SYSTEM_USER) return false;
  return c === SUPER_ADMIN || hasPermission(grantsOf(c), permission);
}
/** Holding a permission; wildcards count one way only. */
export const holds = (c: Caller, permission: string) => c === SUPER_ADMIN || hasPermission(grantsOf(c), permission);
export const holdsAll = (c: Caller, permissions: string[]) => permissions.every((p) => holds(c, p));

export const ok = (method: string) => (method === 'POST' ? 201 : 200);
/** Audit rows other than sign-ins: a refused write adds none. */
export const auditCount = (db: Db) =>
  countWhere(db, sql`select count(*) as n from audit_log where action not like 'auth.%'`);
export const rowCount = (db: Db, table: string) =>
  countWhere(db, sql`select count(*) as n from ${sql.identifier(table)}`);

export interface Case {
  label: string;
  method: string;
  url: string;
  tenant: string;
  body?: unknown;
  want: number;
  /** Everything the call must leave alone when refused. */
  state: () => Promise<unknown>;
  /** A bulk action's per-user answer: whether this user must be done (else refused and untouched). */
  reviewed?: { id: string; done: boolean };
  /** Waits for what an accepted call set going (an import's job) before the next call. */
  settle?: (body: unknown) => Promise<void>;
}
export type CaseBuilder = (c: Caller) => Promise<Case[]>;

export interface PrivilegeContext extends AttackContext {
  api: Record<Caller, Api>;
  users: Record<Caller, { id: string }>;
}

/** The callers: the world's users for the built-in roles, and a user with each custom role. */
export async function privilegeContext(a: AttackContext): Promise<PrivilegeContext> {
  const db = a.t.database.db;
  const api = {} as Record<Caller, Api>;
  const users = {} as Record<Caller, { id: string }>;
  for (const c of CALLERS) {
    if (c === 'wild' || c === 'narrow') {
      const role = await createRole(db, 'Olympus', roleNameOf(c), CUSTOM_GRANTS[c]);
      const user = await createUser(db, { companies: [a.w.own], name: `Matrix ${c}` });
      await db.execute(
        sql`insert into user_systems (user_id, system_id, role_id) values (${user.id}, ${role.systemId}, ${role.id})`,
      );
      users[c] = user;
      api[c] = apiAs(a.t, await tokenFor(db, user.id), a.w.own.id);
    } else {
      users[c] = a.w.users[c];
      api[c] = apiAs(a.t, a.w.headers[c], a.w.own.id);
    }
  }
  return { ...a, api, users };
}

/** A declared resource's table is named like its API name (server/crud/ binds it); the whole row counts. */
const recordState = (db: Db, d: ResourceDecl, id: string | null) => async () => ({
  row: id
    ? await rowsOf(db, sql`select to_jsonb(r)::text as row from ${sql.identifier(d.name)} r where id = ${id}`)
    : null,
  count: await rowCount(db, d.name),
  audits: await auditCount(db),
});

/**
 * A declared resource's writes from its declaration: its area's permission decides; a scoped one's
 * POST names the other company as X-Tenant (only a super_admin may), its PUT/DELETE reach into it (404).
 */
const declaredCases = (p: PrivilegeContext, d: ResourceDecl, method: 'POST' | 'PUT' | 'DELETE'): CaseBuilder =>
  async function (c) {
    const cases: Case[] = [];
    const { w, fx } = p;
    for (const kind of ['own', 'other'] as const) {
      const company = kind === 'own' ? w.own : w.other;
      const verb = method === 'POST' ? 'create' : method === 'PUT' ? 'update' : 'delete';
      let want = ok(method);
      if (!mayUse(c, areaKeyOf(d), verb, permissionOf(d, verb))) want = 403;
      else if (kind === 'other' && d.tenancy === 'scoped')
        want = method === 'POST' ? (c === SUPER_ADMIN ? 201 : 403) : 404;
      const id = method === 'POST' ? null : await fx.createDeclared(p, d, company);
      const body = method === 'DELETE' ? undefined : await fx.validBody(p, d, company);
      const url = id ? `${d.path}/${id}` : d.path;
      cases.push({
        label: `${kind} company`,
        method,
        url,
        tenant: method === 'POST' ? company.id : w.own.id,
        body,
        want,
        state: recordState(p.t.database.db, d, id),
      });
    }
    return cases;
  };

/**
 * A declared resource's import (docs/resources.md "Import"): a file of one valid row, as a dry run (the
 * job writes nothing), needing the create permission; a scoped one's names the other company as X-Tenant
 * (only a super_admin may). Accepted: 202, and the job is waited for (one import per company at a time).
 */
const importCases = (p: PrivilegeContext, d: ResourceDecl): CaseBuilder =>
  async function (c) {
    const cases: Case[] = [];
    const { w, fx } = p;
    const db = p.t.database.db;
    for (const kind of ['own', 'other'] as const) {
      const company = kind === 'own' ? w.own : w.other;
      let want = 202;
      if (!mayUse(c, areaKeyOf(d), 'create', permissionOf(d, 'create'))) want = 403;
      else if (kind === 'other' && d.tenancy === 'scoped' && c !== SUPER_ADMIN) want = 403;
      const body = importCsv(await fx.validBody(p, d, company));
      const settle = async (answer: unknown) =>
        void (await importEnded(db, (answer as { data: { id: string } }).data.id));
      cases.push({
        label: `${kind} company`,
        method: 'POST',
        url: `${d.path}/import?dry_run=true`,
        tenant: d.tenancy === 'scoped' ? company.id : w.own.id,
        body,
        want,
        state: recordState(db, d, null),
        settle,
      });
    }
    return cases;
  };

/**
 * The trash's routes of a declared record: its restore (whoever may delete; a record of another
 * company 404) and `DELETE …?purge=true` (a super admin's only). The history's restore is
 * `restoreExpectations`, below.
 */
const recordRouteCases = (p: PrivilegeContext, d: ResourceDecl, route: 'restore' | 'purge'): CaseBuilder =>
  async function (c) {
    const cases: Case[] = [];
    const { w, fx } = p;
    const db = p.t.database.db;
    for (const kind of ['own', 'other'] as const) {
      const id = await fx.createDeclared(p, d, kind === 'own' ? w.own : w.other);
      if (route === 'restore')
        await db.execute(
          sql`update ${sql.identifier(d.name)} set deleted_at = now() - interval '1 day' where id = ${id}`,
        );
      let want = 200;
      if (!mayUse(c, areaKeyOf(d), 'delete', permissionOf(d, 'delete'))) want = 403;
      else if (route === 'purge' && c !== SUPER_ADMIN) want = 403;
      else if (kind === 'other' && d.tenancy === 'scoped') want = 404;
      const url = route === 'restore' ? `${d.path}/${id}/restore` : `${d.path}/${id}?purge=true`;
      cases.push({
        label: `${kind} company`,
        method: route === 'purge' ? 'DELETE' : 'POST',
        url,
        tenant: w.own.id,
        want,
        state: recordState(db, d, id),
      });
    }
    return cases;
  };

/** The cases of every attacked declared resource's POST, PUT and DELETE (and its trash's routes), by "METHOD url" of
 * the route. */
export const declaredExpectations = (p: PrivilegeContext): Record<string, CaseBuilder> =>
  Object.fromEntries(
    p.fx.resources.flatMap((d) => [
      ...(['POST', 'PUT', 'DELETE'] as const).map((method) => [
        `${method} ${apiBase(d)}${method === 'POST' ? '' : '/:id'}`,
        declaredCases(p, d, method),
      ]),
      ...(importable(d) ? [[`POST ${apiBase(d)}/import`, importCases(p, d)] as const] : []),
      ...(hasTrash(d)
        ? [
            [`POST ${apiBase(d)}/:id/restore`, recordRouteCases(p, d, 'restore')],
            [`DELETE ${apiBase(d)}/:id?purge=true`, recordRouteCases(p, d, 'purge')],
          ]
        : []),
    ]),
  );

/** A record of `d` in `company` to restore: a system user, an Olympus role, a company, or one made through the API. */
async function restoreTarget(
  p: PrivilegeContext,
  d: ResourceDecl,
  company: { id: string },
  kind: 'own' | 'other',
  c: Caller,
): Promise<string> {
  const db = p.t.database.db;
  if (d.name === 'users') return (await createUser(db, { role: SYSTEM_USER, companies: [company] })).id;
  if (d.name === 'roles')
    return (
      await createRole(
        db,
        'Olympus',
        unique('role')
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '_'),
        ['users.view'],
      )
    ).id;
  if (d.name === 'companies') {
    // A company is reached by its members (and super admins): "own" is a new one the caller joins.
    const made = await createCompany(db);
    if (kind === 'own') {
      await db.execute(sql`insert into user_companies (user_id, company_id) values (${p.users[c].id}, ${made.id})`);
      // The guard remembers a caller for a moment; this membership was written behind its back.
      clearAuthCache();
    }
    return made.id;
  }
  return p.fx.createDeclared(p, d, company);
}

/**
 * A restore from a record's history is an ordinary update of it: allowed and refused as its PUT is
 * (a scoped record of another company is not found; a super_admin reaches any user). The history is
 * written here: the record's name was another before its last change, which the restore puts back.
 */
const restoreCases = (p: PrivilegeContext, d: ResourceDecl): CaseBuilder =>
  async function (c) {
    const cases: Case[] = [];
    const db = p.t.database.db;
    for (const kind of ['own', 'other'] as const) {
      const company = kind === 'own' ? p.w.own : p.w.other;
      const id = await restoreTarget(p, d, company, kind, c);
      const entity = d.noun.one;
      const [first] = await rowsOf<{ id: string }>(
        db,
        sql`insert into audit_log (action, entity, entity_id, changes) values (${`${entity}.created`}, ${entity}, ${id}, null) returning id::text as id`,
      );
      // Its name, or its first plain text field for a resource without one (a certificate's reference).
      const field = Object.hasOwn(d.fields, 'name')
        ? 'name'
        : (Object.entries(d.fields).find(
            ([, f]) => (f.type === 'text' || f.type === 'textarea') && !f.pattern && !f.readOnly && !f.derived,
          )?.[0] ?? 'name');
      const [current] = await rowsOf<{ value: string | null }>(
        db,
        sql`select ${sql.identifier(field)} as value from ${sql.identifier(d.name)} where id = ${id}`,
      );
      const earlier = unique('restored')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_');
      const changes = JSON.stringify({ [field]: { before: earlier, after: current.value } });
      await db.execute(
        sql`insert into audit_log (action, entity, entity_id, changes) values (${`${entity}.updated`}, ${entity}, ${id}, ${changes}::jsonb)`,
      );
      let want = 200;
      if (!mayUse(c, areaKeyOf(d), 'update', permissionOf(d, 'update'))) want = 403;
      else if (kind === 'other' && d.tenancy === 'scoped' && !(d.name === 'users' && c === SUPER_ADMIN)) want = 404;
      else if (kind === 'other' && d.name === 'companies' && c !== SUPER_ADMIN) want = 404;
      cases.push({
        label: `${kind} company`,
        method: 'POST',
        url: `${d.path}/${id}/history/${first.id}/restore`,
        tenant: p.w.own.id,
        want,
        state: recordState(db, d, id),
      });
    }
    return cases;
  };

/** The restore route of every attacked declared resource with a history, by "METHOD url" of the route. */
export const restoreExpectations = (p: PrivilegeContext): Record<string, CaseBuilder> =>
  Object.fromEntries(
    p.fx.resources
      .filter((d) => d.history !== false)
      .map((d) => [`POST ${apiBase(d)}/:id/history/:entryId/restore`, restoreCases(p, d)]),
  );

/**
 * A bulk change is the update or delete of each record it names, all or nothing: allowed as that
 * action's single change is (its permission), and refused as a whole — 422 naming the record, nothing
 * written to either — when one of its records is beyond the caller (another company's for a scoped
 * resource, a company the caller is not in). Each case names a record of the own company, the
 * "other" case one of the other company too.
 */
const bulkCases = (p: PrivilegeContext, d: ResourceDecl): CaseBuilder =>
  async function (c) {
    const cases: Case[] = [];
    const db = p.t.database.db;
    for (const action of bulkActions(d)) {
      for (const kind of ['own', 'other'] as const) {
        const ids = [await restoreTarget(p, d, p.w.own, 'own', c)];
        if (kind === 'other') ids.push(await restoreTarget(p, d, p.w.other, 'other', c));
        const values: Record<string, unknown> = {};
        for (const field of bulkFields(d)) {
          const f = d.fields[field];
          values[field] =
            'ref' in f ? await p.fx.createDeclared(p, p.fx.named(f.ref.to) as ResourceDecl, p.w.own) : validValue(f);
        }
        let want = 200;
        if (!mayUse(c, areaKeyOf(d), action, permissionOf(d, action))) want = 403;
        else if (kind === 'other' && (d.tenancy === 'scoped' || (d.name === 'companies' && c !== SUPER_ADMIN)))
          want = 422;
        const states = ids.map((id) => recordState(db, d, id));
        cases.push({
          label: `${action} ${kind} company`,
          method: 'POST',
          url: `${d.path}/bulk`,
          tenant: p.w.own.id,
          body: action === 'update' ? { action, ids, values } : { action, ids },
          want,
          state: async () => Promise.all(states.map((s) => s())),
        });
      }
    }
    return cases;
  };

/** The bulk route of every attacked declared resource that offers bulk changes, by "METHOD url" of the route. */
export const bulkExpectations = (p: PrivilegeContext): Record<string, CaseBuilder> =>
  Object.fromEntries(
    p.fx.resources.filter((d) => bulkActions(d).length > 0).map((d) => [`POST ${apiBase(d)}/bulk`, bulkCases(p, d)]),
  );

export interface WriteOutcome {
  route: RouteEntry;
  caller: Caller;
  case: Case;
  got: number;
  /** Refused as a whole, or this user refused by a bulk action. */
  refused: boolean;
  /** The state before and after a refused call (equal when nothing changed). */
  before?: unknown;
  after?: unknown;
  /** What went wrong: a 5xx, another status than the rules say, a refusal that changed something. */
  problems: string[];
}

/** Sends every case of every route as `caller`, one at a time, the refused ones checked for changes. */
export async function attackWrites(
  p: PrivilegeContext,
  caller: Caller,
  routes: RouteEntry[],
  expectationFor: (route: RouteEntry) => CaseBuilder,
): Promise<WriteOutcome[]> {
  const outcomes: WriteOutcome[] = [];
  for (const route of routes) {
    for (const k of await expectationFor(route)(caller)) {
      const problems: string[] = [];
      const before = await k.state();
      const res = await p.api[caller].request(k.method, k.url, k.body, k.tenant);
      const where = `${route.method} ${route.url} as ${caller} — ${k.label}`;
      if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} ${res.body}`);
      else if (res.statusCode !== k.want)
        problems.push(`${where}: got ${res.statusCode} (${res.json().message}), want ${k.want}`);
      if (k.settle && res.statusCode === k.want && res.statusCode < 300) await k.settle(res.json());
      const outcome = k.reviewed && res.statusCode === 200 ? (res.json().data as { done: string[] }) : null;
      if (k.reviewed && outcome && outcome.done.includes(k.reviewed.id) !== k.reviewed.done)
        problems.push(`${where}: ${k.reviewed.done ? 'refused' : 'done'}, want the opposite`);
      const refused = res.statusCode >= 400 || (outcome !== null && !outcome.done.includes(k.reviewed?.id ?? ''));
      const result: WriteOutcome = { route, caller, case: k, got: res.statusCode, refused, problems };
      if (refused) {
        const after = await k.state();
        Object.assign(result, { before, after });
        if (JSON.stringify(after) !== JSON.stringify(before))
          problems.push(
            `${where}: refused with ${res.statusCode} but changed ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
          );
      }
      outcomes.push(result);
    }
  }
  return outcomes;
}

/** Every generic write route of every attacked declared resource: create, update, delete, the trash's, the history's
 * restore and bulk. */
export const declaredWriteExpectations = (p: PrivilegeContext): Record<string, CaseBuilder> => ({
  ...declaredExpectations(p),
  ...restoreExpectations(p),
  ...bulkExpectations(p),
});
