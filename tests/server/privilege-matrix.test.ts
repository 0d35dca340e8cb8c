// The privilege matrix for writes: every mutating resource route (from the server's own route table,
// so a new one fails here until it has expectations) × each caller (super_admin, admin, system_user,
// a custom role with wildcard grants, a custom role with narrow grants) × targets in the caller's
// company, in another company and shared between them × each field that decides who signs in, what
// they reach or what a role grants. The expected answers come from the rules written out below
// (the access table's areas, the callers' grants, server/users/grants.ts and server/roles/grantable.ts), not
// from the server; every refused call must also leave its target, the counts and the audit log as
// they were. The callers, the run and the declared resources' cases are ./privilege-attack.ts (the
// resources from ./declared-fixtures.ts); the hand-written routes' cases are below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createRole, createUser, OLYMPUS_GRANTS, tokenFor } from './factories';
import { createWorld, unique, type World } from './resources-fixtures';
import { declaredFixtures, importEnded } from './declared-fixtures';
import { roleFingerprint, rowsOf, userFingerprint } from './privilege-fixtures';
import {
  attackWrites,
  auditCount,
  CALLERS,
  declaredWriteExpectations,
  grantsOf,
  holds,
  holdsAll,
  mayUse,
  ok,
  privilegeContext,
  roleNameOf,
  rowCount,
  type Caller,
  type Case,
  type CaseBuilder,
  type PrivilegeContext,
} from './privilege-attack';
import { routeTable, type RouteEntry } from '../../server/http/routeAccess';
import { clearAuthCache } from '../../server/auth/authCache';
import { ACCESS_REVIEW_PERMISSION, AREA, mayOpenArea, type AreaKey } from '../../contract/access';
import { SUPER_ADMIN } from '../../contract/roles';

const fx = declaredFixtures();
let t: TestApp;
let w: World;
let p: PrivilegeContext;
let users: Record<Caller, { id: string }>;
let adminRole: { id: string; permissions: string[] };
let manager: string;
let editor: string;
let superRole: { id: string };
const db = () => t.database.db;

const audits = () => auditCount(db());
const countOf = (table: string) => rowCount(db(), table);

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  p = await privilegeContext({ t, w, fx });
  users = p.users;
  adminRole = { id: (await createRole(db(), 'Olympus', 'admin')).id, permissions: OLYMPUS_GRANTS.admin };
  superRole = await createRole(db(), 'Olympus', 'super_admin');
  manager = (await createRole(db(), 'Everest', 'manager')).id;
  editor = (await createRole(db(), 'Portal', 'editor')).id;
});
afterAll(() => t.close());

// ---- users ----------------------------------------------------------------------------------------

type UserTarget = 'own' | 'other' | 'shared' | 'higher' | 'self';
/** own: only the caller's company, no roles. higher: the same with an Everest role nobody but super_admin holds. */
async function userTarget(kind: UserTarget, caller: Caller): Promise<{ id: string }> {
  if (kind === 'self') return users[caller];
  const companies = kind === 'other' ? [w.other] : kind === 'shared' ? [w.own, w.other] : [w.own];
  return createUser(db(), { companies, systems: kind === 'higher' ? [{ name: 'Everest', role: 'manager' }] : [] });
}

type FieldKind = 'plain' | 'signin' | 'grant-olympus' | 'grant-system' | 'remove-system' | 'outside-companies';
const USER_FIELDS: { name: string; kind: FieldKind; body: () => Record<string, unknown> }[] = [
  { name: 'name', kind: 'plain', body: () => ({ name: unique('Renamed') }) },
  { name: 'email', kind: 'signin', body: () => ({ email: `${unique('taken').toLowerCase()}@evil.test` }) },
  { name: 'reset_password', kind: 'signin', body: () => ({ reset_password: true }) },
  { name: 'disabled', kind: 'signin', body: () => ({ disabled: true }) },
  { name: 'bypass_sso', kind: 'signin', body: () => ({ bypass_sso: true }) },
  { name: 'olympus_role_uuid', kind: 'grant-olympus', body: () => ({ olympus_role_uuid: adminRole.id }) },
  { name: 'everest_role_uuid', kind: 'grant-system', body: () => ({ everest_role_uuid: manager }) },
  { name: 'portal_role_uuid', kind: 'grant-system', body: () => ({ portal_role_uuid: editor }) },
  { name: 'everest_role_uuid (none)', kind: 'remove-system', body: () => ({ everest_role_uuid: '' }) },
  {
    name: 'companies (one not theirs)',
    kind: 'outside-companies',
    body: () => ({ companies: [w.own.id, w.other.id] }),
  },
];

function userPutStatus(c: Caller, target: UserTarget, field: string, kind: FieldKind): number {
  if (!mayUse(c, 'users', 'update')) return 403;
  // Nobody changes their own Olympus role (the admin sends the one they have: no change); system roles only from what
  // they hold.
  if (target === 'self') return kind === 'grant-olympus' ? (c === 'admin' ? 200 : 422) : c === SUPER_ADMIN ? 200 : 403;
  if (c === SUPER_ADMIN) return 200;
  if (target === 'other') return 404;
  if (kind === 'plain') return 200;
  if (kind === 'outside-companies') return 422;
  // The higher user already has Everest manager: sending it again is no change.
  if (kind === 'grant-system') return target === 'higher' && field === 'everest_role_uuid' ? 200 : 403;
  const withinReach = target === 'own';
  if (kind === 'remove-system') return target === 'higher' ? 403 : 200;
  if (kind === 'grant-olympus') return withinReach && holdsAll(c, adminRole.permissions) ? 200 : 403;
  return withinReach ? 200 : 403;
}

async function userPutCases(c: Caller): Promise<Case[]> {
  const cases: Case[] = [];
  for (const target of ['own', 'other', 'shared', 'higher', 'self'] as UserTarget[]) {
    const fields =
      target === 'self'
        ? USER_FIELDS.filter((f) => f.kind === 'grant-olympus' || f.kind === 'grant-system')
        : USER_FIELDS;
    for (const f of fields) {
      const { id } = await userTarget(target, c);
      cases.push({
        label: `${target} user, ${f.name}`,
        method: 'PUT',
        url: `/users/${id}`,
        tenant: w.own.id,
        body: f.body(),
        want: userPutStatus(c, target, f.name, f.kind),
        state: async () => ({ user: await userFingerprint(db(), id), audits: await audits() }),
      });
    }
  }
  return cases;
}

async function userPostCases(c: Caller): Promise<Case[]> {
  const fields: { name: string; body: Record<string, unknown>; status: (c: Caller) => number }[] = [
    { name: 'name and email', body: {}, status: () => 201 },
    { name: 'bypass_sso', body: { bypass_sso: true }, status: () => 201 },
    {
      name: 'olympus_role_uuid',
      body: { olympus_role_uuid: adminRole.id },
      status: (x) => (holdsAll(x, adminRole.permissions) ? 201 : 403),
    },
    { name: 'everest_role_uuid', body: { everest_role_uuid: manager }, status: (x) => (x === SUPER_ADMIN ? 201 : 403) },
    {
      name: 'companies (one not theirs)',
      body: { companies: [w.own.id, w.other.id] },
      status: (x) => (x === SUPER_ADMIN ? 201 : 422),
    },
  ];
  const cases: Case[] = [];
  for (const tenant of [w.own, w.other]) {
    for (const f of fields) {
      const name = unique('Made');
      const want = !mayUse(c, 'users', 'create') ? 403 : tenant === w.other && c !== SUPER_ADMIN ? 403 : f.status(c);
      cases.push({
        label: `${tenant === w.own ? 'own' : 'other'} company, ${f.name}`,
        method: 'POST',
        url: '/users',
        tenant: tenant.id,
        body: { name, email: `${name.toLowerCase()}@example.test`, ...f.body },
        want,
        state: async () => ({
          users: await countOf('users'),
          memberships: await countOf('user_companies'),
          audits: await audits(),
        }),
      });
    }
  }
  return cases;
}

async function userDeleteCases(c: Caller): Promise<Case[]> {
  const cases: Case[] = [];
  for (const target of ['own', 'other', 'shared', 'higher'] as UserTarget[]) {
    const { id } = await userTarget(target, c);
    const want = !mayUse(c, 'users', 'delete')
      ? 403
      : c === SUPER_ADMIN
        ? 200
        : ({ own: 200, other: 404, shared: 409, higher: 403 } as const)[target as 'own'];
    cases.push({
      label: `${target} user`,
      method: 'DELETE',
      url: `/users/${id}`,
      tenant: w.own.id,
      want,
      state: async () => ({ user: await userFingerprint(db(), id), audits: await audits() }),
    });
  }
  return cases;
}

/** Ending a user's sessions is a change to their sign-in: the same reach as PUT's sign-in fields. */
async function userSessionsRevokeCases(c: Caller): Promise<Case[]> {
  const cases: Case[] = [];
  for (const target of ['own', 'other', 'shared', 'higher'] as UserTarget[]) {
    const { id } = await userTarget(target, c);
    await tokenFor(db(), id);
    const want = !mayUse(c, 'users', 'update')
      ? 403
      : c === SUPER_ADMIN
        ? 200
        : ({ own: 200, other: 404, shared: 403, higher: 403 } as const)[target as 'own'];
    cases.push({
      label: `${target} user`,
      method: 'POST',
      url: `/users/${id}/sessions/revoke`,
      tenant: w.own.id,
      want,
      state: async () => ({ user: await userFingerprint(db(), id), audits: await audits() }),
    });
  }
  return cases;
}

/** Resetting a user's second factor is a change to their sign-in: the same reach as ending their sessions. */
async function userTwoFactorResetCases(c: Caller): Promise<Case[]> {
  const cases: Case[] = [];
  for (const target of ['own', 'other', 'shared', 'higher'] as UserTarget[]) {
    const { id } = await userTarget(target, c);
    await tokenFor(db(), id);
    await db().execute(sql`update users set totp_enabled_at = now(), totp_last_step = 1 where id = ${id}`);
    const want = !mayUse(c, 'users', 'update')
      ? 403
      : c === SUPER_ADMIN
        ? 200
        : ({ own: 200, other: 404, shared: 403, higher: 403 } as const)[target as 'own'];
    const state = async () => ({
      user: await userFingerprint(db(), id),
      totp: await rowsOf(
        db(),
        sql`select totp_enabled_at is not null as on, totp_last_step from users where id = ${id}`,
      ),
      audits: await audits(),
    });
    cases.push({
      label: `${target} user`,
      method: 'POST',
      url: `/users/${id}/two-factor/reset`,
      tenant: w.own.id,
      want,
      state,
    });
  }
  return cases;
}

/** A set-password link for a user without a password sets who signs in as them: the same reach as resetting their
 * password. */
async function userInvitationCases(c: Caller): Promise<Case[]> {
  const cases: Case[] = [];
  for (const target of ['own', 'other', 'shared', 'higher'] as UserTarget[]) {
    const { id } = await userTarget(target, c);
    await db().execute(sql`update users set password_hash = null where id = ${id}`);
    const want = !mayUse(c, 'users', 'update')
      ? 403
      : c === SUPER_ADMIN
        ? 200
        : ({ own: 200, other: 404, shared: 403, higher: 403 } as const)[target as 'own'];
    const state = async () => ({
      user: await userFingerprint(db(), id),
      invitations: await rowsOf(db(), sql`select id, voided_at from invitations where user_id = ${id} order by id`),
      audits: await audits(),
    });
    cases.push({
      label: `${target} user`,
      method: 'POST',
      url: `/users/${id}/invitation`,
      tenant: w.own.id,
      body: { mail: false },
      want,
      state,
    });
  }
  return cases;
}

/**
 * The access review's bulk actions answer 200 with each user done or refused: a user is done exactly
 * when updating their sign-in would be allowed (PUT's reach), and a refused one is left as it was.
 */
const mayReview = (c: Caller) =>
  mayOpenArea(AREA.accessReview, { role: roleNameOf(c), permissions: grantsOf(c) }) &&
  holds(c, ACCESS_REVIEW_PERMISSION);
const reviewCases =
  (action: 'disable' | 'remove-access') =>
  async (c: Caller): Promise<Case[]> => {
    const cases: Case[] = [];
    const everest = (await createRole(db(), 'Everest', 'manager')).systemId;
    for (const target of ['own', 'other', 'shared', 'higher', 'self'] as UserTarget[]) {
      const { id } = await userTarget(target, c);
      if (target !== 'self') await tokenFor(db(), id);
      const done = c === SUPER_ADMIN ? target !== 'self' : target === 'own';
      const body = action === 'disable' ? { ids: [id] } : { ids: [id], system: everest };
      cases.push({
        label: `${target} user`,
        method: 'POST',
        url: `/users/review/${action}`,
        tenant: w.own.id,
        body,
        want: mayReview(c) ? 200 : 403,
        reviewed: { id, done },
        state: async () => ({ user: await userFingerprint(db(), id), audits: await audits() }),
      });
    }
    return cases;
  };

// ---- roles ----------------------------------------------------------------------------------------

type RoleTarget = 'small' | 'big' | 'super_admin';
const ROLE_PERMISSIONS: Record<Exclude<RoleTarget, 'super_admin'>, string[]> = {
  small: ['users.view'],
  big: ['properties.*'],
};
async function roleTarget(kind: RoleTarget): Promise<{ id: string }> {
  return kind === 'super_admin'
    ? superRole
    : createRole(db(), 'Olympus', unique(`matrix_${kind}`).toLowerCase(), ROLE_PERMISSIONS[kind]);
}
const roleState = (id: string) => async () => ({
  role: await roleFingerprint(db(), id),
  roles: await countOf('roles'),
  audits: await audits(),
});

async function rolePostCases(c: Caller): Promise<Case[]> {
  const permissionCases = [['users.view'], ['users.*'], ['properties.view'], ['users.view', 'integrations.update']].map(
    (permissions) => {
      const name = unique('matrix_new').toLowerCase();
      return {
        label: `permissions ${permissions.join(', ')}`,
        method: 'POST',
        url: '/roles',
        tenant: w.own.id,
        body: { name, label: name, permissions },
        want: !mayUse(c, 'roles', 'create') ? 403 : holdsAll(c, permissions) ? 201 : 403,
        state: async () => ({
          roles: await countOf('roles'),
          grants: await countOf('role_permissions'),
          audits: await audits(),
        }),
      };
    },
  );
  // Whether a role requires two-factor sign-in is a super_admin's decision alone.
  const name = unique('matrix_tfa').toLowerCase();
  return [
    ...permissionCases,
    {
      label: 'require_two_factor',
      method: 'POST',
      url: '/roles',
      tenant: w.own.id,
      body: { name, label: name, permissions: ['users.view'], require_two_factor: true },
      want: c === SUPER_ADMIN ? 201 : 403,
      state: async () => ({
        roles: await countOf('roles'),
        grants: await countOf('role_permissions'),
        audits: await audits(),
      }),
    },
  ];
}

async function rolePutCases(c: Caller): Promise<Case[]> {
  const bodies: { name: string; body: Record<string, unknown>; adds: string[] }[] = [
    { name: 'label', body: { label: 'Relabelled' }, adds: [] },
    {
      name: 'permissions + users.update',
      body: { permissions: ['users.view', 'users.update'] },
      adds: ['users.update'],
    },
    {
      name: 'permissions + properties.view',
      body: { permissions: ['users.view', 'properties.view'] },
      adds: ['properties.view'],
    },
    { name: 'permissions + users.*', body: { permissions: ['users.view', 'users.*'] }, adds: ['users.*'] },
    { name: 'require_two_factor', body: { require_two_factor: true }, adds: [] },
  ];
  const cases: Case[] = [];
  for (const target of ['small', 'big', 'super_admin'] as RoleTarget[]) {
    for (const b of bodies) {
      const { id } = await roleTarget(target);
      let want = 200;
      if (!mayUse(c, 'roles', 'update') || target === 'super_admin') want = 403;
      else if (c !== SUPER_ADMIN && (!holdsAll(c, ROLE_PERMISSIONS[target]) || !holdsAll(c, b.adds))) want = 403;
      else if (c !== SUPER_ADMIN && b.name === 'require_two_factor') want = 403;
      cases.push({
        label: `${target} role, ${b.name}`,
        method: 'PUT',
        url: `/roles/${id}`,
        tenant: w.own.id,
        body: b.body,
        want,
        state: roleState(id),
      });
    }
  }
  return cases;
}

async function roleDeleteCases(c: Caller): Promise<Case[]> {
  const cases: Case[] = [];
  for (const target of ['small', 'big', 'super_admin'] as RoleTarget[]) {
    const { id } = await roleTarget(target);
    let want = 200;
    if (!mayUse(c, 'roles', 'delete') || target === 'super_admin') want = 403;
    else if (c !== SUPER_ADMIN && !holdsAll(c, ROLE_PERMISSIONS[target])) want = 403;
    cases.push({
      label: `${target} role`,
      method: 'DELETE',
      url: `/roles/${id}`,
      tenant: w.own.id,
      want,
      state: roleState(id),
    });
  }
  return cases;
}

// ---- companies and integrations -------------------------------------------------------------------

/** own: a fresh company the caller belongs to; other: a fresh one they do not. */
async function companyTarget(kind: 'own' | 'other', c: Caller): Promise<{ id: string }> {
  const company = await createCompany(db());
  if (kind === 'own') {
    await db().execute(sql`insert into user_companies (user_id, company_id) values (${users[c].id}, ${company.id})`);
    // The guard remembers a caller for a moment; this membership was written behind its back.
    clearAuthCache();
  }
  return company;
}
const companyState = (id: string) => async () => ({
  company: await rowsOf(db(), sql`select name, updated_at::text, deleted_at::text from companies where id = ${id}`),
  companies: await countOf('companies'),
  memberships: await countOf('user_companies'),
  settings: await rowsOf(
    db(),
    sql`select integration, settings::text, updated_at::text from integration_settings where company_id = ${id} order by integration`,
  ),
  audits: await audits(),
});

async function companyPostCases(c: Caller): Promise<Case[]> {
  const name = unique('Matrix Company');
  const want = !mayUse(c, 'companies', 'create') ? 403 : c === SUPER_ADMIN ? 201 : 403;
  return [
    {
      label: 'a new company',
      method: 'POST',
      url: '/companies',
      tenant: w.own.id,
      body: { name },
      want,
      state: async () => ({ companies: await countOf('companies'), audits: await audits() }),
    },
  ];
}

/** A company import (docs/resources.md "Import"): a dry run of a file of one company, a super admin's only like the
 * create; waited for when accepted. */
async function companyImportCases(c: Caller): Promise<Case[]> {
  const want = !mayUse(c, 'companies', 'create') ? 403 : c === SUPER_ADMIN ? 202 : 403;
  const settle = async (answer: unknown) =>
    void (await importEnded(db(), (answer as { data: { id: string } }).data.id));
  const body = `name\n${unique('Matrix Company')}\n`;
  return [
    {
      label: 'a file of one company',
      method: 'POST',
      url: '/companies/import?dry_run=true',
      tenant: w.own.id,
      body,
      want,
      settle,
      state: async () => ({ companies: await countOf('companies'), audits: await audits() }),
    },
  ];
}

const companyRecordCases = (
  method: 'PUT' | 'DELETE',
  area: AreaKey,
  verb: string,
  path: (id: string) => string,
  body?: unknown,
  success = ok(method),
) =>
  async function (c: Caller): Promise<Case[]> {
    const cases: Case[] = [];
    for (const kind of ['own', 'other'] as const) {
      const { id } = await companyTarget(kind, c);
      const want = !mayUse(c, area, verb) ? 403 : c === SUPER_ADMIN || kind === 'own' ? success : 404;
      cases.push({
        label: `${kind} company`,
        method,
        url: path(id),
        tenant: w.own.id,
        body,
        want,
        state: companyState(id),
      });
    }
    return cases;
  };

/**
 * A company's restore from the trash (making it again: a super admin's only, like its create) and its
 * purge (a super admin's only), whether the caller belongs to it or not.
 */
const companyTrashCases = (route: 'restore' | 'purge') =>
  async function (c: Caller): Promise<Case[]> {
    const cases: Case[] = [];
    for (const kind of ['own', 'other'] as const) {
      const { id } = await companyTarget(kind, c);
      if (route === 'restore') await db().execute(sql`update companies set deleted_at = now() where id = ${id}`);
      const want = !mayUse(c, 'companies', 'delete') || c !== SUPER_ADMIN ? 403 : 200;
      const url = route === 'restore' ? `/companies/${id}/restore` : `/companies/${id}?purge=true`;
      cases.push({
        label: `${kind} company`,
        method: route === 'restore' ? 'POST' : 'DELETE',
        url,
        tenant: w.own.id,
        want,
        state: companyState(id),
      });
    }
    return cases;
  };

// ---- the expectations, one per mutating route ------------------------------------------------------

const integrationBody = { tenant_id: 'T-1', branch_id: 'B-1', api_url: 'https://fixflo.example/api' };
/**
 * The hand-written cases win over the ones derived from a declaration (./privilege-attack.ts):
 * companies are special (only a super admin creates one, members reach theirs), and a hand-written
 * resource that becomes declared keeps its cases.
 */
const HAND_WRITTEN: Record<string, CaseBuilder> = {
  'POST /api/v1/users': userPostCases,
  'PUT /api/v1/users/:id': userPutCases,
  'DELETE /api/v1/users/:id': userDeleteCases,
  'POST /api/v1/users/:id/sessions/revoke': userSessionsRevokeCases,
  'POST /api/v1/users/:id/two-factor/reset': userTwoFactorResetCases,
  'POST /api/v1/users/:id/invitation': userInvitationCases,
  'POST /api/v1/users/review/disable': reviewCases('disable'),
  'POST /api/v1/users/review/remove-access': reviewCases('remove-access'),
  'POST /api/v1/roles': rolePostCases,
  'PUT /api/v1/roles/:id': rolePutCases,
  'DELETE /api/v1/roles/:id': roleDeleteCases,
  'PUT /api/v1/companies/:id/integrations/:integration': companyRecordCases(
    'PUT',
    'integrations',
    'update',
    (id) => `/companies/${id}/integrations/no-such-integration`,
    integrationBody,
    404,
  ),
  'POST /api/v1/companies': companyPostCases,
  'POST /api/v1/companies/import': companyImportCases,
  'PUT /api/v1/companies/:id': companyRecordCases('PUT', 'companies', 'update', (id) => `/companies/${id}`, {
    name: 'Renamed Company',
  }),
  'DELETE /api/v1/companies/:id': companyRecordCases('DELETE', 'companies', 'delete', (id) => `/companies/${id}`),
  'POST /api/v1/companies/:id/restore': companyTrashCases('restore'),
  'DELETE /api/v1/companies/:id?purge=true': companyTrashCases('purge'),
};
let expectations: Record<string, CaseBuilder> | undefined;

/** Each catalogue integration has its own PUT route: expectations follow its URL. */
function expectationFor(route: RouteEntry): CaseBuilder | undefined {
  expectations ??= { ...declaredWriteExpectations(p), ...HAND_WRITTEN };
  const key = `${route.method} ${route.url}`;
  if (expectations[key]) return expectations[key];
  const integration = /^PUT \/api\/v1\/companies\/:id\/integrations\/([a-z0-9-]+)$/.exec(key);
  if (integration)
    return companyRecordCases(
      'PUT',
      'integrations',
      'update',
      (id) => `/companies/${id}/integrations/${integration[1]}`,
      integrationBody,
    );
  return undefined;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const mutatingRoutes = () => routeTable(t.app).filter((r) => MUTATING.has(r.method));

describe('the privilege matrix for writes', () => {
  it('has expectations for every mutating resource route', () => {
    const routes = mutatingRoutes();
    expect(routes.length).toBeGreaterThan(15);
    expect(routes.filter((r) => !expectationFor(r)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  const statuses = new Set<number>();
  for (const caller of CALLERS) {
    it(`${caller}: every mutating route answers as the rules say, and refusals change nothing`, async () => {
      const outcomes = await attackWrites(p, caller, mutatingRoutes(), (route) => expectationFor(route) as CaseBuilder);
      for (const o of outcomes) statuses.add(o.got);
      expect(outcomes.flatMap((o) => o.problems)).toEqual([]);
      expect(outcomes.filter((o) => o.refused).length).toBeGreaterThan(0);
      // One call at a time over every write route (each restore case writes its record and history first).
    }, 90_000);
  }

  it('saw successes and each kind of refusal', () => {
    expect([...statuses].sort()).toEqual([200, 201, 202, 403, 404, 409, 422]);
  });
});
