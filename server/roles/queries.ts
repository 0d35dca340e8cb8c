// Olympus roles (the roles of the Olympus system) with their permission names, built by Postgres.
import { and, count, eq, sql } from 'drizzle-orm';
import { roles, systems, userSystems } from '../db/schema';
import type { Conn } from '../resources/db';
import { lowerOf, planList, type ListQueryValues, type ListSpec } from '../resources/lists';
import { OLYMPUS_SYSTEM } from '../../contract/roles';

export const roleShape = {
  uuid: roles.id,
  id: roles.id,
  name: roles.name,
  label: roles.label,
  permissions: sql<string[]>`coalesce((select json_agg(rp.permission order by rp.permission) from role_permissions rp where rp.role_id = ${roles.id}), '[]'::json)`,
};

const LIST: ListSpec = {
  sortable: { name: lowerOf(roles.name), label: lowerOf(roles.label) },
  searchable: [roles.name, roles.label],
  tiebreak: sql`${roles.id}`,
};

const olympus = and(eq(systems.id, roles.systemId), eq(systems.name, OLYMPUS_SYSTEM));
const selectRoles = (db: Conn) => db.select(roleShape).from(roles).innerJoin(systems, olympus);

export async function listRoles(db: Conn, query: ListQueryValues) {
  const plan = planList(query, LIST);
  const base = selectRoles(db).where(plan.where).orderBy(...plan.orderBy).$dynamic();
  const rows = await (plan.limit === null ? base : base.limit(plan.limit).offset(plan.offset));
  const total = async () => (await db.select({ n: count() }).from(roles).innerJoin(systems, olympus).where(plan.where))[0].n;
  return { plan, rows, total };
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
