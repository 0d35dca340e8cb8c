// The authorization matrix's attack (tests/server/authz-matrix.test.ts): resource routes × every role
// (super_admin, admin, system_user, no role, guest) × own and another company. The expected answers
// come from contract/access.ts AREAS and the roles' grants — not from the route table.
// Declared resources come from the context's fixtures (./declared-fixtures.ts), so the same code
// attacks the registry's resources or a test's own declarations.
import { sql } from 'drizzle-orm';
import { createCompany, createRole, createSystem, createUser, OLYMPUS_GRANTS } from './factories';
import { apiAs, unique, type RoleKey } from './resources-fixtures';
import { importCsv, type AttackContext } from './declared-fixtures';
import type { RouteEntry } from '../../server/http/routeAccess';
import { ACCESS_REVIEW_PERMISSION, AREA, areaByKey, mayOpenArea } from '../../contract/access';
import { hasPermission, SUPER_ADMIN, SYSTEM_USER } from '../../contract/roles';

export type Caller = RoleKey | 'guest';
export type Variant = 'own' | 'other';
export const CALLERS: Caller[] = ['super_admin', 'admin', 'system_user', 'none', 'guest'];
export const VARIANTS: Variant[] = ['own', 'other'];

/** One call of the matrix: HEAD twins of GET routes run as the own company with method 'HEAD'. */
export interface AuthzCase {
  route: RouteEntry;
  method: string;
  caller: Caller;
  variant: Variant;
  want: number;
  got: number;
}

/** The cases answered otherwise than the rules say, one line each. */
export const mismatchesOf = (cases: AuthzCase[]): string[] =>
  cases
    .filter((k) => k.got !== k.want)
    .map(
      (k) =>
        (k.method === 'HEAD'
          ? `HEAD ${k.route.url} as ${k.caller}`
          : `${k.route.method} ${k.route.url} as ${k.caller} (${k.variant})`) + `: got ${k.got}, want ${k.want}`,
    );

/** The resource a URL belongs to: its first segment under /api/v1. */
export const resourceOf = (url: string) => url.replace(/^\/api\/v1\//, '').split('/')[0];
const isIntegrationRoute = (url: string) => url.includes('/integrations');
/** The access review: its own SPA area, whose routes need the permission to change users. */
const isReviewRoute = (url: string) => url === '/api/v1/users/review' || url.startsWith('/api/v1/users/review/');
/** The server bars these beyond contract/access.ts (integrations also barred for system_user). */
const SERVER_ALSO_BARS: Partial<Record<string, string[]>> = { integrations: [SYSTEM_USER] };

/** A declared record's history restore (docs/resources.md "History"): an update of the record. */
const isHistoryRestore = (url: string) => url.endsWith('/history/:entryId/restore');
/** The trash (docs/resources.md "Trash"): its list and restore undo deletes, so they need the delete permission. */
const isTrashRoute = (url: string) =>
  url.endsWith('/trash') || (url.endsWith('/:id/restore') && !isHistoryRestore(url));
/** A declared resource's import (docs/resources.md "Import"): its file and its template need the create permission. */
const isImportRoute = (url: string) => url.endsWith('/import');
const isImportTemplate = (url: string) => url.endsWith('/import/template');
/** `DELETE …?purge=true`: a super admin's only. */
const isPurge = (url: string) => url.endsWith('?purge=true');

function expectedVerb(route: RouteEntry): string {
  if (isHistoryRestore(route.url)) return 'update';
  if (isTrashRoute(route.url) || isPurge(route.url)) return 'delete';
  // A user's sessions are part of changing the user: seen and ended by whoever may update them.
  if (route.url.startsWith('/api/v1/users/:id/sessions')) return 'update';
  // So is their second factor: seen and reset by whoever may update them.
  if (route.url.startsWith('/api/v1/users/:id/two-factor')) return 'update';
  // And their set-password link: seen, resent and copied by whoever may update them.
  if (route.url === '/api/v1/users/:id/invitation') return 'update';
  // A restore from a record's history is an update of the record.
  if (route.url.endsWith('/history/:entryId/restore')) return 'update';
  // A bulk change needs the permission of its action; the matrix sends a bulk delete (every bulk route has it).
  if (isBulkRoute(route.url)) return 'delete';
  if (isImportTemplate(route.url)) return 'create';
  if (route.method === 'POST') return 'create';
  if (route.method === 'PUT') return 'update';
  if (route.method === 'DELETE') return 'delete';
  if (route.url.endsWith('/create')) return 'create';
  if (route.url.endsWith('/edit')) return 'update';
  return 'view';
}

const hasId = (url: string) => url.includes(':id');
/** A declared resource's bulk change (POST /{name}/bulk): access by the body's action, answered 200. */
const isBulkRoute = (url: string) => url.endsWith('/bulk');
// A route called with a made-up integration or history entry answers 404 once allowed.
const success = (route: RouteEntry) =>
  route.url.includes(':integration') || isHistoryRestore(route.url)
    ? 404
    : isImportRoute(route.url)
      ? 202
      : route.method === 'POST' &&
          !isBulkRoute(route.url) &&
          !route.url.endsWith('/revoke') &&
          !route.url.endsWith('/two-factor/reset') &&
          !route.url.endsWith('/invitation') &&
          !isReviewRoute(route.url) &&
          !isTrashRoute(route.url)
        ? 201
        : 200;

export function authorizationMatrix({ t, w, fx }: AttackContext) {
  const db = () => t.database.db;
  /** The access table's areas of each resource (integration routes hang under companies/company); declared resources
   * name theirs. */
  const AREA_OF: Record<string, string> = { ...fx.areas, users: 'users', roles: 'roles', permissions: 'roles' };
  /** Tenant-scoped resources: records of another company answer 404. */
  const SCOPED = new Set(['users', ...fx.scoped]);

  // A route named like an area of its own (/api/v1/audit) belongs to that area.
  const expectedArea = (url: string): string =>
    isReviewRoute(url)
      ? 'accessReview'
      : isIntegrationRoute(url)
        ? 'integrations'
        : (AREA_OF[resourceOf(url)] ?? AREA[resourceOf(url)]?.key);
  // A declared resource may name one permission for every route (reports.manage).
  const expectedPermission = (route: RouteEntry): string =>
    isReviewRoute(route.url)
      ? ACCESS_REVIEW_PERMISSION
      : (!isIntegrationRoute(route.url) && fx.permission(resourceOf(route.url), expectedVerb(route))) ||
        `${expectedArea(route.url)}.${expectedVerb(route)}`;
  const isScoped = (url: string) => SCOPED.has(resourceOf(url));

  function expectedStatus(route: RouteEntry, caller: Caller, variant: Variant): number {
    if (caller === 'guest') return 401;
    const viewer = {
      role: caller === 'none' ? null : caller,
      permissions: caller === 'none' ? [] : OLYMPUS_GRANTS[caller],
    };
    const area = expectedArea(route.url);
    if (!mayOpenArea(areaByKey(area), viewer)) return 403;
    if (SERVER_ALSO_BARS[area]?.includes(caller)) return 403;
    if (caller !== SUPER_ADMIN && !hasPermission(viewer.permissions, expectedPermission(route))) return 403;
    if (isPurge(route.url) && caller !== SUPER_ADMIN) return 403;
    const resource = resourceOf(route.url);
    if (variant === 'other' && SCOPED.has(resource)) {
      // Collection routes are called with the other company as X-Tenant: only super_admin may use it.
      if (!hasId(route.url)) return caller === SUPER_ADMIN ? success(route) : 403;
      // A super_admin reaches any user (they may list them all); other records stay in their tenant.
      return resource === 'users' && caller === SUPER_ADMIN ? success(route) : 404;
    }
    return success(route);
  }

  /** The record a route is called on: shared for reads, fresh for writes so calls cannot disturb each other. */
  async function recordId(resource: string, company: { id: string }, fresh: boolean): Promise<string> {
    // Hand-written fixtures first: a resource that is also declared keeps the one proven here.
    switch (resource) {
      case 'users':
        return (await createUser(db(), { role: 'system_user', companies: [company] })).id;
      case 'company':
        return fresh ? (await createCompany(db())).id : company.id;
      case 'roles':
        return (await createRole(db(), 'Olympus', unique('role'), ['users.view'])).id;
    }
    const declared = fx.named(resource);
    if (declared) return fx.recordIn({ t, w }, declared, company, fresh);
    throw new Error(`authz matrix: no fixture for resource "${resource}" — add one for the new route`);
  }

  async function bodyFor(route: RouteEntry, tenant: { id: string }): Promise<unknown> {
    const resource = resourceOf(route.url);
    if (isIntegrationRoute(route.url))
      return { tenant_id: 'T-1', branch_id: 'B-1', api_url: 'https://fixflo.example/api' };
    const name = unique('Name');
    // The review's actions name users: a fresh one of the company called with.
    if (isReviewRoute(route.url)) {
      const ids = [(await createUser(db(), { role: 'system_user', companies: [tenant] })).id];
      return route.url.endsWith('/remove-access') ? { ids, system: (await createSystem(db(), 'Everest')).id } : { ids };
    }
    if (route.url.endsWith('/invitation')) return { mail: false };
    // A bulk delete of a fresh record of the company called with (another company's for the other variant).
    if (isBulkRoute(route.url)) return { action: 'delete', ids: [await recordId(resource, tenant, true)] };
    // An import: the create's body as a file of one row.
    if (isImportRoute(route.url)) {
      const declared = fx.named(resource);
      if (declared) return importCsv(await fx.validBody({ t, w }, declared, tenant));
    }
    switch (resource) {
      case 'users':
        return { name, email: `${name.toLowerCase()}@example.test` };
      case 'roles':
        return { name: name.toLowerCase(), label: name, permissions: ['users.view'] };
    }
    const declared = fx.named(resource);
    if (declared) return fx.validBody({ t, w }, declared, tenant);
    throw new Error(`authz matrix: no body for ${route.method} ${route.url} — add one for the new route`);
  }

  async function call(route: RouteEntry, caller: Caller, variant: Variant): Promise<number> {
    const resource = resourceOf(route.url);
    const scoped = SCOPED.has(resource);
    const recordCompany = variant === 'other' ? w.other : w.own;
    // Scoped collection routes try the other company as X-Tenant; everything else runs in the own one.
    const tenant = scoped && variant === 'other' && !hasId(route.url) ? w.other : w.own;
    let url = route.url;
    if (hasId(url)) {
      const id = await recordId(resource, recordCompany, route.method !== 'GET');
      // A reset needs a second factor to reset (a user without one answers 409).
      if (route.url.endsWith('/two-factor/reset'))
        await db().execute(sql`update users set totp_enabled_at = now() where id = ${id}`);
      // An invitation is for a user who has not set a password (one with a password answers 409).
      if (route.url.endsWith('/invitation'))
        await db().execute(sql`update users set password_hash = null where id = ${id}`);
      url = url.replace(':id', id);
      // A restore from the trash needs a record in it.
      if (isTrashRoute(route.url))
        await db().execute(
          sql`update ${sql.identifier(fx.named(resource)?.name ?? resource)} set deleted_at = now() where id = ${id}`,
        );
    }
    url = url.replace(':integration', 'no-such-integration').replace(':entryId', '0');
    const body =
      (route.method === 'POST' || route.method === 'PUT') && !route.url.includes(':entryId')
        ? await bodyFor(route, tenant)
        : undefined;
    const api = apiAs(t, caller === 'guest' ? null : w.headers[caller], tenant.id);
    // An import is a dry run (nothing written), dropped once queued so the next call may start one (one per company at
    // a time).
    const res = await api.request(route.method, isImportRoute(route.url) ? `${url}?dry_run=true` : url, body);
    if (res.statusCode >= 500) throw new Error(`${route.method} ${url} as ${caller}: ${res.statusCode} ${res.body}`);
    if (isImportRoute(route.url) && res.statusCode === 202)
      await db().execute(sql`delete from imports where id = ${(res.json().data as { id: string }).id}`);
    return res.statusCode;
  }

  return {
    expectedArea,
    expectedPermission,
    isScoped,
    /** Every route × every caller × own and another company, one call at a time. */
    async attack(routes: RouteEntry[]): Promise<AuthzCase[]> {
      const cases: AuthzCase[] = [];
      for (const route of routes) {
        for (const caller of CALLERS) {
          for (const variant of VARIANTS) {
            const want = expectedStatus(route, caller, variant);
            cases.push({ route, method: route.method, caller, variant, want, got: await call(route, caller, variant) });
          }
        }
      }
      return cases;
    },
    /** HEAD twins of the GET routes, as every caller in the own company (they run the handler too). */
    async attackHead(routes: RouteEntry[]): Promise<AuthzCase[]> {
      const cases: AuthzCase[] = [];
      for (const route of routes.filter((r) => r.method === 'GET')) {
        for (const caller of CALLERS) {
          const want = expectedStatus(route, caller, 'own');
          let url = route.url;
          if (hasId(url)) url = url.replace(':id', await recordId(resourceOf(url), w.own, false));
          url = url.replace(':integration', 'no-such-integration').replace(':entryId', '0');
          const headers: Record<string, string> = {
            'x-tenant': w.own.id,
            ...(caller === 'guest' ? {} : w.headers[caller]),
          };
          const res = await t.app.inject({ method: 'HEAD', url, headers });
          cases.push({ route, method: 'HEAD', caller, variant: 'own', want, got: res.statusCode });
        }
      }
      return cases;
    },
  };
}
