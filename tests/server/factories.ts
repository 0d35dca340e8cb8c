// Test fixtures written straight to the database: companies, systems with roles, users.
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db';
import {
  companies,
  permissions,
  rolePermissions,
  roles,
  systems,
  userCompanies,
  users,
  userSystems,
} from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import { issueToken, type AuthMethod } from '../../server/auth/tokens';
import { DEFAULT_GRANTS, PERMISSIONS } from '../../contract/permissions';

export const PASSWORD = 'Correct-Horse-9';
let cachedHash: Promise<string> | null = null;
const passwordHash = () => (cachedHash ??= hashPassword(PASSWORD));

let n = 0;
const next = () => ++n;

export async function createCompany(db: Db, values: Partial<typeof companies.$inferInsert> = {}) {
  const [row] = await db
    .insert(companies)
    .values({ name: `Company ${next()}`, addressLine1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', ...values })
    .returning();
  return row;
}

export async function createSystem(
  db: Db,
  name: string,
  baseUrl: string | null = `https://${name.toLowerCase()}.example.test`,
) {
  const [existing] = await db.select().from(systems).where(eq(systems.name, name));
  if (existing) return existing;
  const [row] = await db
    .insert(systems)
    .values({ name, description: `${name} system`, baseUrl })
    .returning();
  return row;
}

export async function ensurePermissions(db: Db) {
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((p) => ({ ...p })))
    .onConflictDoNothing();
}

export async function createRole(db: Db, systemName: string, name: string, grants: string[] = [], label?: string) {
  const system = await createSystem(db, systemName, systemName === 'Olympus' ? null : undefined);
  const [existing] = await db.select().from(roles).where(eq(roles.name, name));
  if (existing && existing.systemId === system.id) return existing;
  const [role] = await db
    .insert(roles)
    .values({
      systemId: system.id,
      name,
      label: label ?? name.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
    })
    .returning();
  if (grants.length) {
    await ensurePermissions(db);
    await db.insert(rolePermissions).values(grants.map((permission) => ({ roleId: role.id, permission })));
  }
  return role;
}

/** The built-in roles' grants as a new database gives them (contract/access.ts `defaults`). */
export const OLYMPUS_GRANTS: Record<string, string[]> = Object.fromEntries(
  Object.entries(DEFAULT_GRANTS).map(([role, grants]) => [role, [...grants]]),
);

export interface UserSpec {
  email?: string;
  name?: string;
  /** Olympus role name, or null for none. */
  role?: 'super_admin' | 'admin' | 'system_user' | null;
  companies?: { id: string }[];
  /** Other systems the user may open, with their role name there. */
  systems?: { name: string; role?: string }[];
  mustChangePassword?: boolean;
  disabled?: boolean;
  bypassSso?: boolean;
}

export async function createUser(db: Db, spec: UserSpec = {}) {
  const i = next();
  const [user] = await db
    .insert(users)
    .values({
      name: spec.name ?? `User ${i}`,
      username: spec.email ?? `user${i}@example.test`,
      email: spec.email ?? `user${i}@example.test`,
      passwordHash: await passwordHash(),
      mustChangePassword: spec.mustChangePassword ?? false,
      tempPasswordExpiresAt: spec.mustChangePassword ? new Date(Date.now() + 72 * 3600 * 1000) : null,
      bypassSso: spec.bypassSso ?? false,
      disabledAt: spec.disabled ? new Date() : null,
    })
    .returning();
  for (const c of spec.companies ?? []) await db.insert(userCompanies).values({ userId: user.id, companyId: c.id });
  if (spec.role !== null && spec.role !== undefined) {
    const role = await createRole(db, 'Olympus', spec.role, OLYMPUS_GRANTS[spec.role]);
    await db.insert(userSystems).values({ userId: user.id, systemId: role.systemId, roleId: role.id });
  }
  for (const s of spec.systems ?? []) {
    const system = await createSystem(db, s.name);
    const role = s.role ? await createRole(db, s.name, s.role) : null;
    await db.insert(userSystems).values({ userId: user.id, systemId: system.id, roleId: role?.id ?? null });
  }
  return user;
}

/** A signed-in user: the bearer header to send. */
export async function tokenFor(db: Db, userId: string, amr: readonly AuthMethod[] = ['pwd']) {
  const { token } = await issueToken(db, userId, { amr });
  return { authorization: `Bearer ${token}` };
}
