// The multi-step user writes (user row, memberships, system access). Each runs inside the caller's
// transaction, so a failure at any step leaves nothing half-written.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { userCompanies, users, userSystems } from '../db/schema';
import { revokeAllTokens } from '../auth/tokens';
import type { Db } from '../db';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../resources/db';
import { systemIds } from './queries';
import { ROLE_FIELDS, type RoleField } from './systems';

/** A temporary password (the bootstrap admin's, admin:create's) stops working after 72 hours. */
export const TEMP_PASSWORD_MS = 72 * 3600 * 1000;

/** No password at all: nothing signs in with one until the user sets theirs through a link (./invitationStore.ts). */
const NO_PASSWORD = { passwordHash: null, mustChangePassword: false, tempPasswordExpiresAt: null, failedLogins: 0, lockedUntil: null };

/** Give, change or take away (null) the user's role — and with it access — in each sent system. */
async function setSystemRoles(tx: Tx, userId: string, roles: Partial<Record<RoleField, string | null>>): Promise<void> {
  const fields = ROLE_FIELDS.filter((f) => Object.hasOwn(roles, f.field));
  if (fields.length === 0) return;
  const ids = await systemIds(tx);
  for (const f of fields) {
    const systemId = ids.get(f.system);
    const roleId = roles[f.field] ?? null;
    // No such system: there was no role to choose, so nothing to take away either.
    if (!systemId) continue;
    if (roleId === null) {
      await tx.delete(userSystems).where(and(eq(userSystems.userId, userId), eq(userSystems.systemId, systemId)));
    } else {
      await tx
        .insert(userSystems)
        .values({ userId, systemId, roleId })
        .onConflictDoUpdate({ target: [userSystems.userId, userSystems.systemId], set: { roleId } });
    }
  }
}

export interface NewUser {
  name: string;
  email: string;
  bypassSso: boolean;
  companies: string[];
  roles: Partial<Record<RoleField, string | null>>;
}

export async function insertUser(tx: Tx, user: NewUser): Promise<string> {
  const [row] = await tx
    .insert(users)
    .values({ name: user.name, email: user.email, username: user.email, bypassSso: user.bypassSso, ...NO_PASSWORD })
    .returning({ id: users.id });
  if (user.companies.length) await tx.insert(userCompanies).values(user.companies.map((companyId) => ({ userId: row.id, companyId })));
  await setSystemRoles(tx, row.id, user.roles);
  return row.id;
}

export interface UserChanges {
  name?: string;
  email?: string;
  /** The username follows the email when it was the email. */
  username?: string;
  bypassSso?: boolean;
  disabled?: boolean;
  addCompanies: string[];
  removeCompanies: string[];
  roles: Partial<Record<RoleField, string | null>>;
  /** The password stops working (an administrator's reset: a set-password link is mailed). */
  clearPassword?: boolean;
}

/** Applies the changes; revokes every token when access shrinks (membership, disable, password reset). */
export async function updateUser(tx: Tx, userId: string, c: UserChanges): Promise<{ revoked: boolean }> {
  const set: PgUpdateSetSource<typeof users> = {};
  if (c.name !== undefined) set.name = c.name;
  if (c.email !== undefined) set.email = c.email;
  if (c.username !== undefined) set.username = c.username;
  if (c.bypassSso !== undefined) set.bypassSso = c.bypassSso;
  if (c.disabled !== undefined) set.disabledAt = c.disabled ? sql`coalesce(${users.disabledAt}, now())` : null;
  if (c.clearPassword) Object.assign(set, NO_PASSWORD, { passwordChangedAt: sql`now()` });
  await tx
    .update(users)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(users.id, userId));

  if (c.removeCompanies.length) {
    await tx.delete(userCompanies).where(and(eq(userCompanies.userId, userId), inArray(userCompanies.companyId, c.removeCompanies)));
  }
  if (c.addCompanies.length) {
    await tx
      .insert(userCompanies)
      .values(c.addCompanies.map((companyId) => ({ userId, companyId })))
      .onConflictDoNothing();
  }
  await setSystemRoles(tx, userId, c.roles);

  const revoke = c.removeCompanies.length > 0 || c.disabled === true || c.clearPassword === true;
  // A transaction is a PgDatabase too; revokeAllTokens only updates.
  if (revoke) await revokeAllTokens(tx as unknown as Db, userId);
  return { revoked: revoke };
}
