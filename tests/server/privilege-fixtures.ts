// Shared by the privilege tests: a fingerprint of everything that decides who a user is and what they
// reach (sign-in fields, password, memberships, system roles, tokens, audit rows), so a refused
// request can be shown to have changed nothing; and a role's fingerprint for the role editor.
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db';
import { userSystems } from '../../server/db/schema';
import { createRole, createSystem } from './factories';

/** Rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function userFingerprint(db: Db, userId: string): Promise<Record<string, unknown>> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select u.name, u.email, u.username, u.password_hash, u.disabled_at::text as disabled_at, u.bypass_sso,
      u.must_change_password, u.updated_at::text as updated_at,
      (select json_agg(company_id::text order by company_id) from user_companies where user_id = u.id) as companies,
      (select json_agg(json_build_object('system', system_id, 'role', role_id) order by system_id) from user_systems where user_id = u.id) as systems,
      (select count(*)::int from access_tokens where user_id = u.id and revoked_at is not null) as revoked_tokens,
      (select count(*)::int from audit_log where entity_id = u.id::text) as audit_rows
    from users u where u.id = ${userId}`,
  );
  return row ?? { missing: true };
}

export async function roleFingerprint(db: Db, roleId: string): Promise<Record<string, unknown>> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select r.name, r.label, r.require_two_factor, r.updated_at::text as updated_at, r.deleted_at::text as deleted_at,
      (select json_agg(permission order by permission) from role_permissions where role_id = r.id) as permissions,
      (select count(*)::int from audit_log where entity_id = r.id::text) as audit_rows
    from roles r where r.id = ${roleId}`,
  );
  return row ?? { missing: true };
}

export async function countWhere(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(db, query);
  return Number(row.n);
}

/** Gives the user a role in a connected system (Everest, Portal), made if missing. */
export async function giveSystemRole(db: Db, userId: string, system: string, role: string): Promise<string> {
  await createSystem(db, system);
  const r = await createRole(db, system, role);
  await db
    .insert(userSystems)
    .values({ userId, systemId: r.systemId, roleId: r.id })
    .onConflictDoUpdate({ target: [userSystems.userId, userSystems.systemId], set: { roleId: r.id } });
  return r.id;
}
