// Who may give which role, and who may change whose sign-in. super_admin is exempt from all of it.
//
// "Holding" a role, the rule everything below applies:
// - An Olympus role is held when every one of its permissions is covered by the caller's own
//   (../roles/grantable.ts: `users.*` covers `users.view`, never the other way round). super_admin
//   is only ever given by a super_admin.
// - A role in a connected system (Everest, Portal) is held only when it is the caller's own role
//   there. Systems store no ranking of their roles (a role is just a name in `roles`), so no other
//   role can be shown to be at or below the caller's.
// - A user is within the caller's reach when all their companies are the caller's, their Olympus
//   permissions are covered by the caller's and they have no access to a system the caller does not
//   hold the same way. Only then may the caller change what decides who signs in as them or what
//   they reach (email, new password, disabled, bypass_sso, roles): otherwise the caller could take
//   over their account and with it the access the caller lacks. Names stay editable.
// - Nobody changes their own sign-in here (email, set-password link, SSO bypass, second factor,
//   invitation): the account page does that, and asks for the current password first
//   (../session/currentPassword.ts requireFreshProof), so a stolen session cannot take the account
//   over through the administrators' routes (docs/security.md "Changing one's own sign-in").
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../types';
import { forbidden } from '../errors';
import type { Conn } from '../db/conn';
import { OLYMPUS_SYSTEM, SUPER_ADMIN } from '../../contract/roles';
import { permissionsNotHeld } from '../roles/grantable';
import { findUser, type RoleOption, type UserRecord } from './queries';
import type { UserInput } from './userInput';

export const GRANT_USER_MSG = {
  roleNotHeld: 'You can only give roles you hold yourself.',
  otherCompanies:
    'This user also belongs to companies you do not manage. Ask a super admin to change their email, password, sign-in or roles.',
  moreAccess:
    'This user has access you do not hold. Ask a super admin to change their email, password, sign-in or roles.',
  self: 'You cannot change your own email, password, sign-in or two-factor sign-in here. Use your account page, which asks for your current password.',
  peerSecondFactor: 'This user has as much access as you. Ask a super admin to reset their two-factor sign-in.',
} as const;

/** What a user holds: companies, Olympus permissions, and per connected system their role (null: access without one).
 */
export interface Holdings {
  /** Whose holdings these are (null: a user's own, read to compare with a caller's). */
  userId: string | null;
  superAdmin: boolean;
  role: string | null;
  companies: string[];
  permissions: string[];
  systemRoles: Map<string, string | null>;
}

export function holdingsOf(user: UserRecord): Holdings {
  const systemRoles = new Map<string, string | null>();
  for (const s of user.systems)
    if (s.name !== OLYMPUS_SYSTEM) systemRoles.set(s.name, user.roles.find((r) => r.system === s.name)?.uuid ?? null);
  const role = user.olympusRole?.name ?? null;
  return {
    userId: user.id,
    superAdmin: role === SUPER_ADMIN,
    role,
    companies: user.companies.map((c) => c.id),
    permissions: user.olympusRole?.permissions ?? [],
    systemRoles,
  };
}

const EVERYTHING = { tenantId: null, visibleCompanies: null };

/** The caller's holdings, read fresh from the database (a super_admin needs no read). */
export async function grantorOf(db: Conn, auth: AuthContext): Promise<Holdings> {
  if (auth.role === SUPER_ADMIN)
    return {
      userId: auth.userId,
      superAdmin: true,
      role: SUPER_ADMIN,
      companies: [],
      permissions: [],
      systemRoles: new Map(),
    };
  const me = await findUser(db, EVERYTHING, auth.userId);
  // The guard found the caller a moment ago; a caller deleted since holds nothing.
  return me
    ? holdingsOf(me)
    : { userId: auth.userId, superAdmin: false, role: null, companies: [], permissions: [], systemRoles: new Map() };
}

export function mayGiveRole(grantor: Holdings, role: RoleOption): boolean {
  if (grantor.superAdmin) return true;
  if (role.system === OLYMPUS_SYSTEM)
    return role.name !== SUPER_ADMIN && permissionsNotHeld(grantor, role.permissions).length === 0;
  return grantor.systemRoles.has(role.system) && grantor.systemRoles.get(role.system) === role.id;
}

/** Why the target is beyond the grantor's reach, or null when they are within it. */
export function beyondReach(grantor: Holdings, target: UserRecord): string | null {
  return reachRefusal(grantor, holdingsOf(target));
}

function reachRefusal(grantor: Holdings, held: Holdings): string | null {
  if (grantor.superAdmin) return null;
  if (held.superAdmin) return GRANT_USER_MSG.moreAccess;
  if (held.companies.some((c) => !grantor.companies.includes(c))) return GRANT_USER_MSG.otherCompanies;
  if (permissionsNotHeld(grantor, held.permissions).length) return GRANT_USER_MSG.moreAccess;
  for (const [system, role] of held.systemRoles) {
    if (!grantor.systemRoles.has(system) || (role !== null && grantor.systemRoles.get(system) !== role))
      return GRANT_USER_MSG.moreAccess;
  }
  return null;
}

/**
 * Why the caller may not change how the target signs in — email, set-password link, SSO bypass,
 * second factor, invitation — or null: never oneself (the account page asks for the password), else
 * only a user within reach.
 */
export function signInRefusal(grantor: Holdings, target: UserRecord): string | null {
  if (grantor.userId === target.id) return GRANT_USER_MSG.self;
  return beyondReach(grantor, target);
}

/**
 * Resetting someone's second factor opens their account to whoever can then set its password: a
 * super admin's decision unless the caller holds strictly more than the target (the target could not
 * reach the caller).
 */
export function secondFactorResetRefusal(grantor: Holdings, target: UserRecord): string | null {
  const why = signInRefusal(grantor, target);
  if (why || grantor.superAdmin) return why;
  return reachRefusal(holdingsOf(target), grantor) === null ? GRANT_USER_MSG.peerSecondFactor : null;
}

/** Does the input change how the user signs in (not what they reach)? */
const changesOwnSignIn = (input: UserInput, current: UserRecord) =>
  input.resetPassword ||
  (input.email !== undefined && input.email !== current.email) ||
  (input.bypassSso !== undefined && input.bypassSso !== current.bypass_sso);

/** Does the input change who can sign in as the user or what they reach? Unchanged values are no change. */
export function changesSignIn(input: UserInput, current: UserRecord): boolean {
  return (
    input.resetPassword ||
    (input.email !== undefined && input.email !== current.email) ||
    (input.disabled !== undefined && input.disabled !== current.disabled) ||
    (input.bypassSso !== undefined && input.bypassSso !== current.bypass_sso) ||
    Object.keys(input.roles).length > 0
  );
}

/** 403 when the input changes the sign-in of a user beyond the grantor's reach. */
export function refuseTakeover(grantor: Holdings, input: UserInput, target: UserRecord): void {
  if (!changesSignIn(input, target)) return;
  const why = changesOwnSignIn(input, target) ? signInRefusal(grantor, target) : beyondReach(grantor, target);
  if (why) throw forbidden(why);
}

/** Holds the user's row until the transaction ends, so two writes to one user run one after the other. */
export async function lockUser(tx: Conn, userId: string): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${userId} for update`);
}
