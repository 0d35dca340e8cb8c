// The access review's actions, one user at a time: each in its own transaction on the locked user
// row, checked again there, so a user is either wholly done or untouched and a refusal for one
// never stops the others.
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { userSystems } from '../db/schema';
import type { Db } from '../db';
import type { AuthContext } from '../types';
import { auditChange } from '../crud/changeAudit';
import { SUPER_ADMIN } from '../../contract/roles';
import { beyondReach, lockUser, type Holdings } from './grants';
import { findUser, type UserRecord, type UserScope } from './queries';
import { disableUser } from './writes';

export const REVIEW_MSG = {
  notFound: 'User not found.',
  self: 'You cannot change your own access here.',
  superAdminOnly: 'Only a super admin can change a super admin.',
  noSuchSystem: 'Choose a connected system.',
} as const;

const EVERYTHING: UserScope = { tenantId: null, visibleCompanies: null };

/** Why the caller may not act on this user, or null. `whole` has every company of the user. */
export function reviewRefusal(auth: AuthContext, grantor: Holdings, whole: UserRecord): string | null {
  if (whole.id === auth.userId) return REVIEW_MSG.self;
  if (whole.olympusRole?.name === SUPER_ADMIN && auth.role !== SUPER_ADMIN) return REVIEW_MSG.superAdminOnly;
  return beyondReach(grantor, whole);
}

export type ReviewAction = { kind: 'disable' } | { kind: 'remove-access'; system: { id: string; name: string } };

/** Done, or the reason this one user was refused (their row left as it was). */
export async function reviewOne(
  db: Db,
  request: FastifyRequest,
  auth: AuthContext,
  grantor: Holdings,
  scope: UserScope,
  id: string,
  action: ReviewAction,
): Promise<string | null> {
  // In the reviewer's scope (their X-Tenant company, anyone for a super admin), else not found, so ids tell nothing.
  if (!(await findUser(db, scope, id))) return REVIEW_MSG.notFound;
  return db.transaction(async (tx) => {
    await lockUser(tx, id);
    const whole = await findUser(tx, EVERYTHING, id);
    if (!whole) return REVIEW_MSG.notFound;
    const why = reviewRefusal(auth, grantor, whole);
    if (why) return why;
    if (action.kind === 'disable') {
      if (whole.disabled) return null;
      // The user write path: disabling revokes every token of the user.
      await disableUser(tx, id);
      await auditChange(tx, request, {
        action: 'users.review_disabled',
        owner: { user: id },
        entity: 'user',
        entityId: id,
        before: { disabled: false },
        after: { disabled: true },
        detail: { signed_out: true },
      });
      return null;
    }
    const held = whole.systems.some((s) => s.uuid === action.system.id);
    if (!held) return null;
    const role = whole.roles.find((r) => r.system === action.system.name)?.name ?? null;
    await tx.delete(userSystems).where(and(eq(userSystems.userId, id), eq(userSystems.systemId, action.system.id)));
    await auditChange(tx, request, {
      action: 'users.review_access_removed',
      owner: { user: id },
      entity: 'user',
      entityId: id,
      before: { system: action.system.name, role },
      after: { system: null, role: null },
    });
    return null;
  });
}
