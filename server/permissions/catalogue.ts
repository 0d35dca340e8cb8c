// The permission catalogue written to the database at every start, as Django's migrate writes a
// model's permissions: an area declared in code (contract/access.ts) can be granted at once on an
// existing database, not only on one seeded after it was added (docs/resources.md "A new area").
// Its built-in roles' default grants are given once — when the permission first appears, or when
// the role is first made — so a grant an administrator took away is never put back.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { permissions, rolePermissions, roles, systems } from '../db/schema';
import { DEFAULT_GRANTS, PERMISSIONS } from '../../contract/permissions';
import { ADMIN, OLYMPUS_SYSTEM, SUPER_ADMIN, SYSTEM_USER, type OlympusRoleName } from '../../contract/roles';

/** Held in the catalogue's transaction: instances starting at once write it one after the other. */
export const CATALOGUE_LOCK = 7_201_002;

/** Olympus's own roles (super admin, admin, system user), made with the Olympus system. */
export const OLYMPUS_ROLES: readonly { name: OlympusRoleName; label: string }[] = [
  { name: SUPER_ADMIN, label: 'Super Admin' },
  { name: ADMIN, label: 'Admin' },
  { name: SYSTEM_USER, label: 'System User' },
];

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface CatalogueResult {
  /** Permissions this call wrote for the first time. */
  added: string[];
  /** Labels brought in line with the code. */
  relabelled: string[];
  /** The Olympus system's id and its built-in roles' ids by name. */
  systemId: string;
  roleIds: Record<OlympusRoleName, string>;
}

/** Writes what is missing of the catalogue, the Olympus system and its built-in roles, inside `tx`. */
export async function syncCatalogueIn(tx: Tx): Promise<CatalogueResult> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK})`);
  const stored = new Map(
    (await tx.select({ name: permissions.name, label: permissions.label }).from(permissions)).map((p) => [
      p.name,
      p.label,
    ]),
  );
  const missing = PERMISSIONS.filter((p) => !stored.has(p.name));
  if (missing.length) await tx.insert(permissions).values(missing.map((p) => ({ name: p.name, label: p.label })));
  const relabelled = PERMISSIONS.filter((p) => stored.has(p.name) && stored.get(p.name) !== p.label);
  for (const p of relabelled) await tx.update(permissions).set({ label: p.label }).where(eq(permissions.name, p.name));

  await tx
    .insert(systems)
    .values({ name: OLYMPUS_SYSTEM, description: 'Olympus operations portal', baseUrl: null })
    .onConflictDoNothing();
  const [system] = await tx.select({ id: systems.id }).from(systems).where(eq(systems.name, OLYMPUS_SYSTEM));
  const added = new Set(missing.map((p) => p.name));
  const roleIds = {} as Record<OlympusRoleName, string>;
  for (const role of OLYMPUS_ROLES) {
    const made = await tx
      .insert(roles)
      .values({ systemId: system.id, name: role.name, label: role.label })
      .onConflictDoNothing()
      .returning({ id: roles.id });
    const [row] = made.length
      ? made
      : await tx
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.systemId, system.id), eq(roles.name, role.name)));
    roleIds[role.name] = row.id;
    // A new role gets all its defaults; an existing one only those of permissions new to this database.
    const grants = made.length ? DEFAULT_GRANTS[role.name] : DEFAULT_GRANTS[role.name].filter((g) => added.has(g));
    if (grants.length)
      await tx
        .insert(rolePermissions)
        .values(grants.map((permission) => ({ roleId: row.id, permission })))
        .onConflictDoNothing();
  }
  return { added: [...added], relabelled: relabelled.map((p) => p.name), systemId: system.id, roleIds };
}

/** The start-up step: the catalogue in its own transaction. */
export async function syncCatalogue(db: Db): Promise<CatalogueResult> {
  return db.transaction((tx) => syncCatalogueIn(tx));
}
