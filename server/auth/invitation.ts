// The public half of set-password links (docs/security.md "Invitations"; the admin half is
// ../users/invitationRoutes.ts): the /invitation page asks what a token is, then sets the password
// with it. The link is claimed in the statement that checks it is still live, inside the transaction
// that sets the password, so two parallel accepts set it once. Neither answer signs anyone in: the
// person signs in with the new password (and their second factor, if on) afterwards.
//
// A link stands for its issuer's decision about the account as it was: it is void once the account's
// email, SSO bypass, disabled state, companies or system access change (database triggers), and it is
// accepted only while its issuer still exists, is enabled and still reaches the user
// (../users/grants.ts beyondReach) — judged on the locked user row, so an access change racing the
// accept either comes after it or voids it (docs/security.md "Invitations").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { ApiError, forbidden, invalid, notFound } from '../errors';
import { users } from '../db/schema';
import { hashPassword } from './passwords';
import { setOwnPassword, signsInWithSso, type UserRow } from './accounts';
import { asFieldErrors, policyErrors } from './passwordPolicy';
import { INVITATION_ACCEPT_PER_IP, INVITATION_CHECK_PER_IP, limitPerIp } from './throttle';
import { auditAuth } from './authAudit';
import { MSG } from './messages';
import {
  errorResponses,
  InvitationAcceptBody,
  InvitationCheckBody,
  InvitationCheckResponse,
  MessageResponse,
} from './schemas';
import { ErrorBody } from '../http/schemas';
import { claimInvitation, findInvitation, type FoundInvitation, type InvitationState } from '../users/invitationStore';
import { beyondReach, holdingsOf, lockUser } from '../users/grants';
import { findUser } from '../users/queries';
import type { Conn } from '../db/conn';

const EVERYONE = { tenantId: null, visibleCompanies: null };

/** Whether whoever issued the link could still issue it now: present, enabled, the user within their reach. */
async function issuerStillReaches(db: Conn, found: FoundInvitation): Promise<boolean> {
  if (!found.createdBy) return false;
  const [issuer, user] = await Promise.all([
    findUser(db, EVERYONE, found.createdBy),
    findUser(db, EVERYONE, found.userId),
  ]);
  if (!issuer || issuer.disabled || !user) return false;
  return beyondReach(holdingsOf(issuer), user) === null;
}

const gone = (message: string) => new ApiError(410, message);
const REFUSED: Record<Exclude<InvitationState, 'live'>, () => ApiError> = {
  used: () => gone(MSG.invitationUsed),
  voided: () => gone(MSG.invitationReplaced),
  changed: () => gone(MSG.invitationAccountChanged),
  expired: () => gone(MSG.invitationExpired),
};
const responses = { ...errorResponses, 404: ErrorBody, 410: ErrorBody };

const invitation: FastifyPluginAsyncTypebox = async (app) => {
  /** The live link and its user, or the refusal the page shows (audited, without the token). */
  async function liveInvitation(
    request: FastifyRequest,
    token: string,
  ): Promise<{ found: FoundInvitation; user: UserRow }> {
    const found = await findInvitation(app.db, token);
    const [user] = found ? await app.db.select().from(users).where(eq(users.id, found.userId)) : [];
    let refusal: ApiError | null = null;
    let reason: string = found?.state ?? 'unknown';
    if (!found || !user) refusal = notFound(MSG.invitationInvalid);
    else if (found.state !== 'live') refusal = REFUSED[found.state]();
    else if (user.disabledAt) [refusal, reason] = [forbidden(MSG.accountDisabled), 'disabled'];
    else if (signsInWithSso(app.config.sso.enforcedDomains, user.email, user.bypassSso))
      [refusal, reason] = [forbidden(MSG.ssoEnforced), 'sso_enforced'];
    else if (!(await issuerStillReaches(app.db, found)))
      [refusal, reason] = [gone(MSG.invitationAccountChanged), 'issuer_reach'];
    if (refusal) {
      await auditAuth(app, request, 'auth.invitation_failed', { userId: user?.id ?? null, detail: { reason } });
      throw refusal;
    }
    return { found: found as FoundInvitation, user: user as UserRow };
  }

  app.post(
    '/auth/invitation/check',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'What a set-password link is for: the account’s email and name',
        description:
          '404 for a token that is no link, 410 for a used, replaced or expired one (72 h), 403 for a disabled account or one that must sign in through SSO. 10 requests per minute per address (429).',
        body: InvitationCheckBody,
        response: { 200: InvitationCheckResponse, ...responses },
      },
    },
    async (request) => {
      await limitPerIp(app, request, INVITATION_CHECK_PER_IP, MSG.invitationThrottled, 'auth.invitation_failed');
      const { found, user } = await liveInvitation(request, request.body.token);
      return { data: { email: user.email, name: user.name, kind: found.kind } };
    },
  );

  app.post(
    '/auth/invitation/accept',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'Set the account’s password with a set-password link (single use)',
        description:
          'The password policy as everywhere (422 on `new_password`). The link then stops working and every session of the account ends; sign in with the new password. Refusals as for /auth/invitation/check. 10 requests per minute per address (429).',
        body: InvitationAcceptBody,
        response: { 200: MessageResponse, ...responses },
      },
    },
    async (request) => {
      await limitPerIp(app, request, INVITATION_ACCEPT_PER_IP, MSG.invitationThrottled, 'auth.invitation_failed');
      const { token, new_password: newPassword } = request.body;
      const { found, user } = await liveInvitation(request, token);
      const problems = policyErrors(newPassword);
      if (problems.length) throw invalid(asFieldErrors(problems));

      // argon2 before the transaction: nothing slow may hold PGlite's single connection.
      const passwordHash = await hashPassword(newPassword);
      const done = await app.db.transaction(async (tx) => {
        // After the lock, a change of the user's access has either committed (and voided the link or
        // moved the user out of the issuer's reach) or waits until this accept is done.
        await lockUser(tx, user.id);
        if (!(await issuerStillReaches(tx, found))) return false;
        if (!(await claimInvitation(tx, found.id))) return false;
        await setOwnPassword(tx, user.id, passwordHash, { signedIn: false });
        return true;
      });
      // Another request used (or replaced) it meanwhile: answer what the link is now.
      if (!done) await liveInvitation(request, token);
      if (!done) throw gone(MSG.invitationUsed);

      await auditAuth(app, request, 'user.invitation_accepted', { userId: user.id, detail: { kind: found.kind } });
      return { data: { message: MSG.invitationAccepted } };
    },
  );
};

export default invitation;
