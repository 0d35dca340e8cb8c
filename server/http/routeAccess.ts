// Who may call a resource route (the access table of contract/access.ts), declared once per route in
// `config.access` and enforced by ./index.ts before the body is even validated — so a caller who may
// not use a route learns nothing from a 422.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../errors';
import { requireArea, requirePermission, requireTenant } from '../auth/guard';
import { SUPER_ADMIN, SYSTEM_USER } from '../../contract/roles';

export interface RouteAccess {
  /** The area whose route rules apply (contract/access.ts). */
  area: string;
  /**
   * The dotted permission the caller's Olympus role must grant (super_admin holds all). Stricter
   * than the area table alone: a user without a role is not barred by the area table, but holds nothing.
   */
  permission: string;
  /** 'scoped': X-Tenant is required and records of other companies answer 404. */
  tenant: 'scoped' | 'global';
  /** Roles the server bars beyond contract/access.ts. */
  alsoBarred?: readonly string[];
  /** GET /users?all=true: super_admin lists every user without a tenant; anyone else is refused. */
  allowAll?: boolean;
  /**
   * A declared resource's DELETE: `?purge=true` (delete for good, docs/resources.md "Trash") is a
   * super admin's only; anyone else is refused before anything is looked at.
   */
  purgeSuperAdminOnly?: boolean;
  /** Only a super admin may call it (the route table's `…?purge=true` entry of a DELETE with purgeSuperAdminOnly). */
  superAdminOnly?: boolean;
  /**
   * A route whose body's `action` decides the permission (a bulk change: update → `{area}.update`,
   * delete → `{area}.delete`); an action not named here needs `permission`.
   */
  byAction?: Readonly<Record<string, string>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** As contract/access.ts notes, the API also bars system_user from integrations. */
export const INTEGRATIONS_ALSO_BARRED = [SYSTEM_USER] as const;

export const ONLY_SUPER_ADMIN_ALL = 'Only a super admin can list the users of every company.';

export const ONLY_SUPER_ADMIN_PURGE = 'Only a super admin can delete records forever.';

/** `?purge=true` as the raw query string has it (validation has not run yet). */
const wantsPurge = (request: FastifyRequest): boolean =>
  (request.query as Record<string, unknown> | undefined)?.purge === 'true';

/** `?all=true` as the raw query string has it (validation has not run yet). */
export const wantsAll = (request: FastifyRequest): boolean =>
  (request.query as Record<string, unknown> | undefined)?.all === 'true';

/** The permission a call needs: by the body's `action` where the route says so, else the route's. */
function permissionFor(request: FastifyRequest, access: RouteAccess): string {
  const action = (request.body as Record<string, unknown> | undefined)?.action;
  return access.byAction && typeof action === 'string' && Object.hasOwn(access.byAction, action)
    ? access.byAction[action]
    : access.permission;
}

/** preValidation hook of every resource route. */
export async function authorize(request: FastifyRequest): Promise<void> {
  const access = request.routeOptions.config.access;
  // ./index.ts refuses to register a route without rules; this only keeps the type honest.
  if (!access) throw forbidden();
  const auth = requireArea(request, access.area);
  if (auth.role && access.alsoBarred?.includes(auth.role)) throw forbidden();
  requirePermission(request, permissionFor(request, access));
  if ((access.superAdminOnly || (access.purgeSuperAdminOnly && wantsPurge(request))) && auth.role !== SUPER_ADMIN)
    throw forbidden(ONLY_SUPER_ADMIN_PURGE);
  if (access.tenant !== 'scoped') return;
  if (access.allowAll && wantsAll(request)) {
    if (auth.role !== SUPER_ADMIN) throw forbidden(ONLY_SUPER_ADMIN_ALL);
    return;
  }
  requireTenant(request);
}

export type Action = 'view' | 'create' | 'update' | 'delete';

/**
 * The rules of one resource: `rules('update')` → the route's config.access. `extra.permission`
 * replaces `{area}.{action}` for every action (a declaration's `permission`: reports.manage).
 */
export const accessRules =
  (area: string, tenant: RouteAccess['tenant'], extra: Partial<RouteAccess> = {}) =>
  (action: Action): { access: RouteAccess } => ({
    access: { area, permission: `${area}.${action}`, tenant, ...extra },
  });

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** The body's JSON schema, if any (the junk-input tests walk its properties). */
  body?: unknown;
}

/**
 * Every resource route each app registered, keyed by "METHOD url", kept per app (by its HTTP server,
 * which an app's encapsulated plugins share) because Fastify offers no way to list routes with their
 * config. The authorization matrix tests iterate it, so a new route cannot be left untested; per app,
 * so the throwaway resources one test file builds into its app never reach another app's matrices.
 */
const tables = new WeakMap<FastifyInstance['server'], Map<string, RouteEntry>>();

export function recordRoute(app: FastifyInstance, entry: RouteEntry): void {
  let table = tables.get(app.server);
  if (!table) tables.set(app.server, (table = new Map()));
  table.set(`${entry.method} ${entry.url}`, entry);
}

/** The resource routes `app` registered (any of its encapsulated instances names the same app). */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  return [...(tables.get(app.server)?.values() ?? [])];
}
