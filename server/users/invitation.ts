// The mails that bring a user to their account: a new user's welcome and an administrator's password
// reset, each with a single-use link to set a password (./invitationStore.ts), or, for a user whose
// organisation signs in through SSO, a pointer to "Login with Azure" instead. No mail carries a
// password; the link is in the mail only — never in a response of these routes, a log or the audit.
import type { MailMessage } from '../mail/mailer';
import { INVITATION_TTL_HOURS, invitationLink, type InvitationKind } from './invitationStore';

export const INVITATION_SUBJECT = 'Your Olympus account';
export const RESET_LINK_SUBJECT = 'Set a new Olympus password';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface MailTo {
  to: string;
  name: string;
  publicUrl: string;
  invitedBy: string;
}

const subjectOf = (kind: InvitationKind) => (kind === 'invite' ? INVITATION_SUBJECT : RESET_LINK_SUBJECT);

function message(opts: MailTo, kind: InvitationKind, lines: { text: string[]; html: string[] }): MailMessage {
  return {
    to: opts.to,
    subject: subjectOf(kind),
    text: [`Hello ${opts.name},`, '', ...lines.text].join('\n'),
    html: [`<p>Hello ${escapeHtml(opts.name)},</p>`, ...lines.html].join('\n'),
  };
}

/** A link to set a password: the welcome of a new user (`invite`) or an administrator's reset. */
export function setPasswordMail(opts: MailTo & { token: string; kind: InvitationKind }): MailMessage {
  const link = invitationLink(opts.publicUrl, opts.token);
  const intro =
    opts.kind === 'invite'
      ? `${opts.invitedBy} has invited you to Olympus. Your email address (${opts.to}) is your username.`
      : `${opts.invitedBy} has reset the password of your Olympus account: your old password no longer works and you have been signed out.`;
  const action =
    opts.kind === 'invite'
      ? 'Choose your password here to finish setting up your account:'
      : 'Choose a new password here:';
  const expiry = `The link expires in ${INVITATION_TTL_HOURS} hours and works once. If it has expired, ask your administrator to send you a new one.`;
  return message(opts, opts.kind, {
    text: [intro, '', action, '', `    ${link}`, '', expiry],
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(action)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(expiry)}</p>`,
    ],
  });
}

/** For a user whose organisation signs in through SSO: no password to set, sign in with Azure. */
export function ssoInvitationMail(opts: MailTo & { kind: InvitationKind }): MailMessage {
  const link = `${opts.publicUrl}/login`;
  const intro =
    opts.kind === 'invite'
      ? `${opts.invitedBy} has invited you to Olympus.`
      : `${opts.invitedBy} has signed you out of Olympus.`;
  const how = `Your organisation signs in with single sign-on: open ${link} and choose "Login with Azure". You do not need an Olympus password.`;
  return message(opts, opts.kind, {
    text: [intro, '', how],
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(how).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`,
    ],
  });
}
