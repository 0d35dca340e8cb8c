// The user edit screen's "Invitation" section: the state of a user's set-password link, a fresh one
// mailed ("Resend invitation") or answered once for the administrator to pass on ("Copy invitation
// link"). Either voids the user's earlier links. Who may do it is who may update the user (as for their
// sessions and second factor), and since a link sets the password, also the user within the caller's
// reach and not the caller (./grants.ts signInRefusal), judged again on the locked row. Only for a user without a
// password:
// anyone else is reset with the edit form's reset_password. Audited as `user.invitation_sent`; the
// link is in the mail or this one response only — never in a log or the audit.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { requireAuth } from '../auth/guard';
import { auditChange } from '../crud/changeAudit';
import { accessRules, authorize } from '../http/routeAccess';
import { errorResponses, IdParams, Nullable } from '../http/schemas';
import type { Conn } from '../db/conn';
import { conflict, forbidden } from '../errors';
import { users } from '../db/schema';
import { recordScope, refuseSuperAdminTarget, userOr404 } from './binding';
import type { UserRecord } from './queries';
import { grantorOf, lockUser, signInRefusal } from './grants';
import { invitationLink, latestInvitation } from './invitationStore';
import { mailInvitation, prepareInvitation } from './invitationDelivery';
import { signsInWithSso } from '../auth/accounts';

const tags = ['users'];
const config = accessRules('users', 'scoped')('update');

export const INVITATION_MSG = {
  mailed: 'A new invitation has been emailed. Earlier links no longer work.',
  mailedSso: 'An invitation to sign in with single sign-on has been emailed.',
  link: 'A new invitation link has been made. Earlier links no longer work.',
  passwordSet:
    'This user has already set a password. To have them choose a new one, tick "Email a link to set a new password" and save.',
  disabled: 'This user is disabled. Enable them before sending an invitation.',
  ssoNoLink:
    'This user signs in with single sign-on, so there is no password link to copy. Resend the invitation to email them how to sign in.',
} as const;

const InvitationStatus = Type.Object({
  sent_at: Type.String({ format: 'date-time' }),
  expires_at: Type.String({ format: 'date-time' }),
  expired: Type.Boolean(),
  kind: Type.Union([Type.Literal('invite'), Type.Literal('reset')]),
});
const StateData = {
  /** The user has a password: no invitation to manage. */
  password_set: Type.Boolean(),
  /** The user signs in through SSO (no password to set). */
  sso: Type.Boolean(),
  disabled: Type.Boolean(),
  /** The newest link not used or replaced (maybe expired), or null. */
  invitation: Nullable(InvitationStatus),
};
const StateResponse = Type.Object({
  data: Type.Object({
    ...StateData,
    may_send: Type.Boolean({ description: 'The user is within the caller’s reach: a link may be sent or copied' }),
  }),
});
const SendBody = Type.Object({
  mail: Type.Boolean({
    description: 'true: email the link to the user; false: answer it once, for the caller to pass on',
  }),
});
const SendResponse = Type.Object({
  data: Type.Object({
    message: Type.String(),
    ...StateData,
    link: Type.Optional(Type.String({ description: 'Only with mail: false' })),
  }),
});

const invitationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const enforced = app.config.sso.enforcedDomains;

  async function targetOf(request: FastifyRequest, id: string): Promise<UserRecord> {
    const auth = requireAuth(request);
    const target = await userOr404(app.db, recordScope(request, auth), id);
    refuseSuperAdminTarget(auth, target);
    return target;
  }

  async function stateOf(db: Conn, user: UserRecord) {
    const [row] = await db
      .select({ passwordHash: users.passwordHash, lastLoginAt: users.lastLoginAt })
      .from(users)
      .where(eq(users.id, user.id));
    return {
      password_set: row?.passwordHash != null,
      sso: signsInWithSso(enforced, user.email, user.bypass_sso),
      disabled: user.disabled,
      invitation: await latestInvitation(db, user.id),
      neverSignedIn: row?.lastLoginAt == null,
    };
  }
  const answer = ({ neverSignedIn: _, ...state }: Awaited<ReturnType<typeof stateOf>>) => state;

  app.get(
    '/users/:id/invitation',
    {
      config,
      preValidation: authorize,
      schema: {
        tags,
        summary: 'The user’s invitation: whether they have set a password, and their newest link',
        params: IdParams,
        response: { 200: StateResponse, ...errorResponses },
      },
    },
    async (request) => {
      const target = await targetOf(request, request.params.id);
      const whole = await userOr404(app.db, { tenantId: null, visibleCompanies: null }, target.id);
      const maySend = signInRefusal(await grantorOf(app.db, requireAuth(request)), whole) === null;
      return { data: { ...answer(await stateOf(app.db, target)), may_send: maySend } };
    },
  );

  app.post(
    '/users/:id/invitation',
    {
      config,
      preValidation: authorize,
      schema: {
        tags,
        summary:
          'A fresh set-password link for a user without a password, mailed or answered once; earlier links stop working',
        description:
          '403 for the caller themselves or a user beyond the caller’s reach; 409 when they have a password, are disabled, or (mail: false) sign in through SSO. A user who signs in through SSO is mailed how to sign in instead of a link.',
        params: IdParams,
        body: SendBody,
        response: { 200: SendResponse, ...errorResponses, 409: errorResponses[403] },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const target = await targetOf(request, request.params.id);
      const grantor = await grantorOf(app.db, auth);
      const { mail } = request.body;
      const { prepared, state, user } = await app.db.transaction(async (tx) => {
        await lockUser(tx, target.id);
        // Reach on all of the user's companies, read after the lock: a concurrent change cannot slip past.
        const whole = await userOr404(tx, { tenantId: null, visibleCompanies: null }, target.id);
        const why = signInRefusal(grantor, whole);
        if (why) throw forbidden(why);
        const before = await stateOf(tx, whole);
        if (before.password_set) throw conflict(INVITATION_MSG.passwordSet);
        if (before.disabled) throw conflict(INVITATION_MSG.disabled);
        if (before.sso && !mail) throw conflict(INVITATION_MSG.ssoNoLink);
        const prepared = await prepareInvitation(
          tx,
          enforced,
          whole,
          auth.userId,
          before.neverSignedIn ? 'invite' : 'reset',
        );
        await auditChange(tx, request, {
          action: 'user.invitation_sent',
          owner: { user: target.id },
          entity: 'user',
          entityId: target.id,
          detail: {
            delivery: mail ? 'mail' : 'link',
            kind: prepared.kind,
            ...('sso' in prepared ? { sso: true } : {}),
          },
        });
        return { prepared, state: await stateOf(tx, whole), user: whole };
      });
      // The link is a credential until used: no cache may keep this answer.
      reply.header('cache-control', 'no-store');
      if (mail) {
        mailInvitation(app, request, user, auth.name, prepared);
        return {
          data: { message: 'sso' in prepared ? INVITATION_MSG.mailedSso : INVITATION_MSG.mailed, ...answer(state) },
        };
      }
      const link = 'token' in prepared ? invitationLink(app.config.publicUrl, prepared.token) : undefined;
      return { data: { message: INVITATION_MSG.link, ...answer(state), link } };
    },
  );
};

export default invitationRoutes;
