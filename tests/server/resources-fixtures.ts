// Shared set-up of the resource tests: two companies, a signed-in user per role in the first,
// request helpers that send the bearer and X-Tenant headers, and direct writes for records.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './harness';
import { createCompany, createRole, createSystem, createUser, ensurePermissions, tokenFor } from './factories';
import { properties, units } from '../../server/db/schema';
import type { Db } from '../../server/db';
import { authClient, uniqueIp } from './auth-client';

export type RoleKey = 'super_admin' | 'admin' | 'system_user' | 'none';
export const ROLE_KEYS: readonly RoleKey[] = ['super_admin', 'admin', 'system_user', 'none'];

type Company = Awaited<ReturnType<typeof createCompany>>;
type User = Awaited<ReturnType<typeof createUser>>;

export interface World {
  own: Company;
  other: Company;
  users: Record<RoleKey, User>;
  headers: Record<RoleKey, { authorization: string }>;
}

/** Everest and Portal with a role each, the permission catalogue, two companies and a user per role. */
export async function createWorld(db: Db): Promise<World> {
  await ensurePermissions(db);
  await createSystem(db, 'Everest');
  await createSystem(db, 'Portal');
  await createRole(db, 'Everest', 'manager');
  await createRole(db, 'Portal', 'editor');
  const own = await createCompany(db, { name: 'Own Lettings' });
  const other = await createCompany(db, { name: 'Other Estates' });
  // createUser makes the Olympus roles with their grants (factories.OLYMPUS_GRANTS).
  const users = {} as Record<RoleKey, User>;
  const headers = {} as Record<RoleKey, { authorization: string }>;
  for (const role of ROLE_KEYS) {
    users[role] = await createUser(db, { role: role === 'none' ? null : role, companies: [own], name: `The ${role}` });
    headers[role] = await tokenFor(db, users[role].id);
  }
  return { own, other, users, headers };
}

export interface Api {
  get(url: string, tenant?: string | null): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, tenant?: string | null): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, tenant?: string | null): Promise<LightMyRequestResponse>;
  delete(url: string, tenant?: string | null): Promise<LightMyRequestResponse>;
  request(method: string, url: string, body?: unknown, tenant?: string | null): Promise<LightMyRequestResponse>;
}

/**
 * Requests as a signed-in user (or a guest with `auth` null, who sends a CSRF pair like the SPA so
 * that the answer is about authorization), with X-Tenant `defaultTenant` unless told otherwise.
 */
export function apiAs(t: TestApp, auth: { authorization: string } | null, defaultTenant: string | null): Api {
  const request = async (
    method: string,
    url: string,
    body?: unknown,
    tenant: string | null | undefined = defaultTenant,
  ) => {
    const headers: Record<string, string> = auth ? { ...auth } : { ...(await authClient(t).csrf()) };
    if (tenant) headers['x-tenant'] = tenant;
    // A text body is a CSV file (an import, docs/resources.md "Import").
    if (typeof body === 'string') headers['content-type'] = 'text/csv';
    return t.app.inject({
      method: method as 'GET',
      url: url.startsWith('/api') ? url : `/api/v1${url}`,
      headers,
      payload: body === undefined ? undefined : (body as object | string),
      remoteAddress: uniqueIp(),
    });
  };
  return {
    request,
    get: (url, tenant) => request('GET', url, undefined, tenant),
    post: (url, body, tenant) => request('POST', url, body ?? {}, tenant),
    put: (url, body, tenant) => request('PUT', url, body ?? {}, tenant),
    delete: (url, tenant) => request('DELETE', url, undefined, tenant),
  };
}

let n = 0;
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;

export async function createProperty(db: Db, companyId: string, values: Partial<typeof properties.$inferInsert> = {}) {
  const name = values.name ?? unique('Property');
  const [row] = await db
    .insert(properties)
    .values({
      companyId,
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      city: 'Leeds',
      postcode: 'LS1 1AA',
      ...values,
    })
    .returning();
  return row;
}

export async function createUnit(
  db: Db,
  property: { id: string; companyId: string },
  values: Partial<typeof units.$inferInsert> = {},
) {
  const [row] = await db
    .insert(units)
    .values({
      companyId: property.companyId,
      propertyId: property.id,
      name: unique('Unit'),
      unitType: 'Flat',
      bedrooms: 2,
      bathrooms: 1,
      ...values,
    })
    .returning();
  return row;
}

export interface AuditRow {
  action: string;
  actor_id: string | null;
  tenant_id: string | null;
  /** A user's and a sign-in's rows: the user's companies when written (server/audit.ts AuditOwner). */
  company_ids: string[] | null;
  entity: string | null;
  entity_id: string | null;
  changes: Record<string, { before?: unknown; after?: unknown }> | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
}

export async function auditFor(db: Db, entityId: string): Promise<AuditRow[]> {
  const result = await db.execute(
    sql`select action, actor_id, tenant_id, company_ids, entity, entity_id, changes, detail, ip from audit_log where entity_id = ${entityId} order by id`,
  );
  return (result as unknown as { rows: AuditRow[] }).rows;
}

export async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute(query);
  return Number((result as unknown as { rows: { n: string | number }[] }).rows[0].n);
}

/**
 * A real database failure for transaction tests: inserts into `table` raise when `when` (SQL over
 * `new`) holds. Answers the clean-up.
 */
export async function failInserts(db: Db, table: string, when = 'true'): Promise<() => Promise<void>> {
  await db.execute(
    sql.raw(`create or replace function olympus_test_fail() returns trigger language plpgsql as $$
      begin if ${when} then raise exception 'injected failure'; end if; return new; end $$`),
  );
  await db.execute(
    sql.raw(
      `create trigger olympus_test_fail before insert on ${table} for each row execute function olympus_test_fail()`,
    ),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger olympus_test_fail on ${table}`));
    await db.execute(sql.raw('drop function olympus_test_fail()'));
  };
}
