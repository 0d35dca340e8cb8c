// The user writes beyond what the generic write makes of the declared columns (docs/resources.md
// "Binding and hooks"): the users row's derived columns (username, password, disabled), memberships,
// a role per system, and the tokens a loss of access ends. Each runs inside the caller's
// transaction, so a failure at any step leaves nothing half-written.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { userCompanies, users, userSystems } from '../db/schema';
import { revokeAllTokens } from '../auth/tokens';
import type { Db } from '../db';
import type { Tx } from '../db/conn';
import { systemIds } from './queries';
import { ROLE_FIELDS, type RoleField } from './systems';

/** A temporary password (the bootstrap admin's, admin:create's) stops working after 72 hours. */
export const TEMP_PASSWORD_MS = 72 * 3600 * 1000;

/** No password at all: nothing signs in with one until the user sets theirs through a link (./invitationStore.ts). */
const NO_PASSWORD = {
  passwordHash: null,
  mustChangePassword: false,
  tempPasswordExpiresAt: null,
  failedLogins: 0,
  lockedUntil: null,
};

/** Disabled since the first time (kept when already disabled), or enabled. */
const disabledAt = (disabled: boolean): SQL | null => (disabled ? sql`coalesce(${users.disabledAt}, now())` : null);

type Roles = Partial<Record<RoleField, string | null>>;

/** The users row of a new user beyond its declared columns: the username is the email, and no password yet. */
export const newUserColumns = (email: string) => ({ username: email, ...NO_PASSWORD });

export interface RowChanges {
  /** The new email, when sent. */
  email?: string;
  /** The username was the email (without letter case), so it follows it. */
  usernameIsEmail: boolean;
  disabled?: boolean;
  /** The password stops working (an administrator's reset: a set-password link is mailed). */
  clearPassword: boolean;
}

/** The users row's columns an update derives beyond the declared ones (by Drizzle key). */
export function changedUserColumns(c: RowChanges): Record<string, unknown> {
  return {
    ...(c.email !== undefined && c.usernameIsEmail ? { username: c.email } : {}),
    ...(c.disabled !== undefined ? { disabledAt: disabledAt(c.disabled) } : {}),
    ...(c.clearPassword ? { ...NO_PASSWORD, passwordChangedAt: sql`now()` } : {}),
  };
}

/** Give, change or take away (null) the user's role — and with it access — in each sent system. */
async function setSystemRoles(tx: Tx, userId: string, roles: Roles): Promise<void> {
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

/** A new user's memberships and roles, once their row is written. */
export async function grantAccess(
  tx: Tx,
  userId: string,
  access: { companies: string[]; roles: Roles },
): Promise<void> {
  if (access.companies.length)
    await tx.insert(userCompanies).values(access.companies.map((companyId) => ({ userId, companyId })));
  await setSystemRoles(tx, userId, access.roles);
}

export interface AccessChanges {
  addCompanies: string[];
  removeCompanies: string[];
  roles: Roles;
  /** Sent with the row's changes: disabling or clearing the password ends the sessions too. */
  disabled?: boolean;
  clearPassword?: boolean;
}

/** Changes memberships and roles; revokes every token when access shrinks (membership, disable, password reset). */
export async function changeAccess(tx: Tx, userId: string, c: AccessChanges): Promise<{ revoked: boolean }> {
  if (c.removeCompanies.length) {
    await tx
      .delete(userCompanies)
      .where(and(eq(userCompanies.userId, userId), inArray(userCompanies.companyId, c.removeCompanies)));
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

/** Disables the user and ends their sessions (a dormant account, an access review). */
export async function disableUser(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ disabledAt: disabledAt(true), updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await changeAccess(tx, userId, { addCompanies: [], removeCompanies: [], roles: {}, disabled: true });
}
