// "Enter your current password" on the account page, throttled exactly like sign-in, so a stolen
// session cannot be used to guess the password behind it: the same per-address rule as POST
// /auth/login (guesses here and there share one count) and the same per-account claim, which counts
// the attempt and sets the lock in one statement before the password is compared (parallel guesses
// never get more than LOCK_AFTER_FAILURES comparisons), and whose lock also holds for sign-in.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { invalid, tooMany } from '../errors';
import { users } from '../db/schema';
import { claimLoginAttempt, recordSuccessfulLogin, signsInWithSso, type UserRow } from '../auth/accounts';
import { verifyPassword } from '../auth/passwords';
import { LOGIN_PER_IP, limitPerIp, refund } from '../auth/throttle';
import { auditAuth } from '../auth/authAudit';
import { MSG } from '../auth/messages';
import { PROFILE_MSG } from './profileSchemas';

/** Signs in only through SSO (an enforced domain without bypass_sso): no password of theirs is used. */
export const ssoOnly = (app: FastifyInstance, user: Pick<UserRow, 'email' | 'bypassSso'>) => signsInWithSso(app.config.sso.enforcedDomains, user.email, user.bypassSso);

export async function ownUserRow(app: FastifyInstance, userId: string): Promise<UserRow | null> {
  const [row] = await app.db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Resolves when `password` is the user's current one; otherwise 429 (address throttled, account
 * locked) or 422 on `current_password`. Every refusal is audited as `failAction`, never with the password.
 */
export async function checkCurrentPassword(app: FastifyInstance, request: FastifyRequest, user: UserRow, password: string, failAction: string): Promise<void> {
  await limitPerIp(app, request, LOGIN_PER_IP, MSG.passwordNewThrottled, failAction);
  const claim = await claimLoginAttempt(app.db, user.id);
  if (!claim) {
    const lockedUntil = (await ownUserRow(app, user.id))?.lockedUntil ?? null;
    const seconds = lockedUntil ? Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 1000)) : 60;
    await auditAuth(app, request, failAction, { userId: user.id, detail: { reason: 'locked' } });
    throw tooMany(seconds, PROFILE_MSG.locked(seconds));
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    const locked = claim.lockedUntil !== null && claim.lockedUntil > new Date();
    await auditAuth(app, request, failAction, { userId: user.id, detail: { reason: 'wrong_password', failures: claim.failedLogins, locked } });
    throw invalid({ current_password: [PROFILE_MSG.currentWrong] });
  }
  // The right password: the count starts again and this try does not count against the address.
  await recordSuccessfulLogin(app.db, user.id, { signedIn: false });
  await refund(app.db, LOGIN_PER_IP, request.ip);
}
