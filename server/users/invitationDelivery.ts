// Who gets which invitation, in two steps around the commit: `prepareInvitation` runs inside the
// transaction that creates or resets the user (a link is only issued if the write commits), and
// `mailInvitation` sends after the commit, never awaited, so a slow or failing mail server costs
// the request nothing and a failure is logged without the link.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Conn } from '../db/conn';
import { signsInWithSso } from '../auth/accounts';
import { mailErrorForLog } from '../mail/mailer';
import { issueInvitation, type InvitationKind } from './invitationStore';
import { setPasswordMail, ssoInvitationMail } from './invitation';

/** What to mail once committed: a link (its token), or the SSO pointer. */
export type PreparedInvitation =
  { kind: InvitationKind; token: string; expiresAt: Date } | { kind: InvitationKind; sso: true };

export async function prepareInvitation(
  tx: Conn,
  enforcedDomains: readonly string[],
  user: { id: string; email: string; bypass_sso: boolean },
  createdBy: string | null,
  kind: InvitationKind,
): Promise<PreparedInvitation> {
  // An SSO user has no password to set (login.ts refuses one): the mail points at single sign-on.
  if (signsInWithSso(enforcedDomains, user.email, user.bypass_sso)) return { kind, sso: true };
  return { kind, ...(await issueInvitation(tx, user.id, createdBy, kind)) };
}

export function mailInvitation(
  app: FastifyInstance,
  req: FastifyRequest,
  to: { id: string; email: string; name: string },
  invitedBy: string,
  prepared: PreparedInvitation,
): void {
  const base = { to: to.email, name: to.name, publicUrl: app.config.publicUrl, invitedBy };
  const message =
    'sso' in prepared
      ? ssoInvitationMail({ ...base, kind: prepared.kind })
      : setPasswordMail({ ...base, kind: prepared.kind, token: prepared.token });
  app.mailer
    .send(message)
    .catch((err: unknown) => req.log.error({ mail: mailErrorForLog(err), userId: to.id }, 'invitation mail failed'));
}
