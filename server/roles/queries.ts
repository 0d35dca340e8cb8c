// What roles' hooks (./routes.ts) ask the database: a name already taken, a role still given to
// someone, the Olympus system's id.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { roles, systems, userSystems } from '../db/schema';
import type { Conn } from '../db/conn';
import { lowerOf } from '../lists/lists';
import { OLYMPUS_SYSTEM } from '../../contract/roles';

const olympus = and(eq(systems.id, roles.systemId), eq(systems.name, OLYMPUS_SYSTEM));

/**
 * Role names are unique per system among live roles; compared without letter case so "Admin" cannot
 * shadow "admin". A role in the trash holds no name (docs/resources.md "Trash").
 */
export async function roleNameTaken(db: Conn, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .innerJoin(systems, olympus)
    .where(
      and(
        eq(lowerOf(roles.name), name.toLowerCase()),
        isNull(roles.deletedAt),
        exceptId ? sql`${roles.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function roleInUse(db: Conn, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userSystems.userId })
    .from(userSystems)
    .where(eq(userSystems.roleId, id))
    .limit(1);
  return row !== undefined;
}

/** The Olympus system's id, created on a database that has none yet (only inside a write). */
export async function olympusSystemId(tx: Conn): Promise<string> {
  await tx
    .insert(systems)
    .values({ name: OLYMPUS_SYSTEM, description: 'Olympus operations portal' })
    .onConflictDoNothing();
  const [row] = await tx.select({ id: systems.id }).from(systems).where(eq(systems.name, OLYMPUS_SYSTEM));
  return row.id;
}
