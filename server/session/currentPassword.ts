// Every change to one's own sign-in — email, password, turning the second factor on or off, new
// recovery codes — goes through requireFreshProof below: a stolen session alone cannot make the
// account its thief's (docs/security.md "Changing one's own sign-in"). The administrators' routes
// refuse the caller as their own target for the same fields (../users/grants.ts signInRefusal).
//
// "Enter your current password" on the account page, throttled exactly like sign-in, so a stolen
// session cannot be used to guess the password behind it: the same per-address rule as POST
// /auth/login (guesses here and there share one count) and the same per-account claim, which counts
// the attempt and sets the lock in one statement before the password is compared (parallel guesses
// never get more than LOCK_AFTER_FAILURES comparisons), and whose lock also holds for sign-in.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { invalid, tooMany } from '../errors';
import { requireAuth } from '../auth/guard';
import type { AuthContext } from '../types';
import { users } from '../db/schema';
import { claimLoginAttempt, recordSuccessfulLogin, signsInWithSso, type UserRow } from '../auth/accounts';
import { verifyPassword } from '../auth/passwords';
import { LOGIN_PER_IP, limitPerIp, refund } from '../auth/throttle';
import { auditAuth } from '../auth/authAudit';
import { MSG } from '../auth/messages';
import { PROFILE_MSG } from './profileSchemas';

/** Signs in only through SSO (an enforced domain without bypass_sso): no password of theirs is used. */
export const ssoOnly = (app: FastifyInstance, user: Pick<UserRow, 'email' | 'bypassSso'>) =>
  signsInWithSso(app.config.sso.enforcedDomains, user.email, user.bypassSso);

export async function ownUserRow(app: FastifyInstance, userId: string): Promise<UserRow | null> {
  const [row] = await app.db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Resolves when `password` is the user's current one; otherwise 429 (address throttled, account
 * locked) or 422 on `current_password`. Every refusal is audited as `failAction`, never with the password.
 */
async function checkCurrentPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  password: string,
  failAction: string,
): Promise<void> {
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
    await auditAuth(app, request, failAction, {
      userId: user.id,
      detail: { reason: 'wrong_password', failures: claim.failedLogins, locked },
    });
    throw invalid({ current_password: [PROFILE_MSG.currentWrong] });
  }
  // The right password: the count starts again and this try does not count against the address.
  await recordSuccessfulLogin(app.db, user.id, { signedIn: false });
  await refund(app.db, LOGIN_PER_IP, request.ip);
}

/**
 * How long after a password sign-in a holder of a role that requires two-factor sign-in may set it up
 * without typing the password again: the sign-in itself is the proof, and they can do nothing else yet.
 */
export const ENROLMENT_WINDOW_MS = 15 * 60 * 1000;

/** A password sign-in held back until enrolment (../auth/twoFactorGate.ts), made within the enrolment window. */
export const inEnrolmentWindow = (auth: AuthContext, now = Date.now()) =>
  auth.twoFactorRequired === true && auth.amr.includes('pwd') && now - auth.authenticatedAt <= ENROLMENT_WINDOW_MS;

export type OwnSignInChange = 'email' | 'password' | 'two_factor_on' | 'two_factor_off' | 'recovery_codes';

/**
 * The one gate for changing one's own sign-in: the current password, checked as at sign-in (throttled,
 * counted on the account's lock); turning the second factor on also passes within the enrolment
 * window. 422 on `current_password` when missing or wrong, 429 when locked. Users who sign in only
 * through SSO have nothing here to change (each route refuses them first): their provider holds it.
 */
export async function requireFreshProof(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  currentPassword: string | undefined,
  change: OwnSignInChange,
  failAction: string,
): Promise<void> {
  if (change === 'two_factor_on' && inEnrolmentWindow(requireAuth(request))) return;
  if (!currentPassword)
    throw invalid({
      current_password: [change === 'email' ? PROFILE_MSG.currentRequired : PROFILE_MSG.currentMissing],
    });
  await checkCurrentPassword(app, request, user, currentPassword, failAction);
}
