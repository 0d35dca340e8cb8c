// Which Olympus permissions a caller may hand out: only those they hold themselves, super_admin
// excepted. Wildcards follow contract/roles.ts hasPermission: a held `users.*` covers `users.view`
// (and `users.*`), but a held `users.view` never covers `users.*`, which would grant more later.
import type { AuthContext } from '../types';
import { hasPermission, SUPER_ADMIN } from '../../contract/roles';

export const GRANT_MSG = {
  permissionsNotHeld: 'You can only grant permissions you hold yourself.',
  notHeld: (name: string) => `You do not hold the permission ${name}.`,
  roleBeyondReach: 'You cannot change a role that grants permissions you do not hold.',
  twoFactorSuperAdminOnly: 'Only a super admin can change whether a role requires two-factor sign-in.',
} as const;

/** The wanted permissions the caller does not hold (none for a super_admin). */
export function permissionsNotHeld(
  auth: Pick<AuthContext, 'role' | 'permissions'>,
  wanted: readonly string[],
): string[] {
  if (auth.role === SUPER_ADMIN) return [];
  return wanted.filter((p) => !hasPermission(auth.permissions, p));
}

/** Whether a role requires two-factor sign-in decides who may sign in how: a super_admin's call alone. */
export function mayChangeTwoFactorRule(auth: Pick<AuthContext, 'role'>): boolean {
  return auth.role === SUPER_ADMIN;
}
