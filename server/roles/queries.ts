// Olympus roles (the roles of the Olympus system) with their permission names, built by Postgres.
import { and, eq, sql } from 'drizzle-orm';
import { roles, systems, userSystems } from '../db/schema';
import type { Conn } from '../resources/db';
import { compiled } from '../db/statements';
import { byLower, lowerOf, planList, type ListQueryValues, type ListSpec } from '../resources/lists';
import { fetchList, jsonRow } from '../resources/listRows';
import { OLYMPUS_SYSTEM } from '../../contract/roles';

export const roleShape = {
  uuid: roles.id,
  id: roles.id,
  name: roles.name,
  label: roles.label,
  require_two_factor: roles.requireTwoFactor,
  permissions: sql<string[]>`coalesce((select json_agg(rp.permission order by rp.permission) from role_permissions rp where rp.role_id = ${roles.id}), '[]'::json)`,
};

export const ROLE_LIST: ListSpec = {
  sortable: { name: byLower(roles.name), label: byLower(roles.label) },
  searchable: { name: roles.name, label: roles.label },
  tiebreak: sql`${roles.id}`,
};

const olympus = and(eq(systems.id, roles.systemId), eq(systems.name, OLYMPUS_SYSTEM));
const selectRoles = (db: Conn) => db.select(roleShape).from(roles).innerJoin(systems, olympus);

const ROLES_ID = compiled(sql`${roles.id}`);
const ROLE_ROWS = { row: jsonRow(roleShape), from: sql`${roles} inner join ${systems} on ${olympus}` };

export async function listRoles(db: Conn, query: ListQueryValues) {
  const plan = planList(query, ROLE_LIST);
  return { plan, ...(await fetchList(db, plan, ROLE_ROWS, { from: ROLE_ROWS.from, where: plan.where, id: ROLES_ID })) };
}

export async function findRole(db: Conn, id: string) {
  const [row] = await selectRoles(db).where(eq(roles.id, id));
  return row ?? null;
}

export type RoleRecord = NonNullable<Awaited<ReturnType<typeof findRole>>>;

/** Role names are unique per system; compared without letter case so "Admin" cannot shadow "admin". */
export async function roleNameTaken(db: Conn, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .innerJoin(systems, olympus)
    .where(and(eq(lowerOf(roles.name), name.toLowerCase()), exceptId ? sql`${roles.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row !== undefined;
}

export async function roleInUse(db: Conn, id: string): Promise<boolean> {
  const [row] = await db.select({ id: userSystems.userId }).from(userSystems).where(eq(userSystems.roleId, id)).limit(1);
  return row !== undefined;
}

/** The Olympus system's id, created on a database that has none yet (only inside a write). */
export async function olympusSystemId(tx: Conn): Promise<string> {
  await tx.insert(systems).values({ name: OLYMPUS_SYSTEM, description: 'Olympus operations portal' }).onConflictDoNothing();
  const [row] = await tx.select({ id: systems.id }).from(systems).where(eq(systems.name, OLYMPUS_SYSTEM));
  return row.id;
}
