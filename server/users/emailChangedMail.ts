// The notice sent to a user's previous address when their email is changed, so someone who lost their
// account to a changed address hears of it (a change the person made themselves also goes to the new
// address, `to`). It carries no password and no link that signs anyone in.
import type { MailMessage } from '../mail/mailer';

export const EMAIL_CHANGED_SUBJECT = 'Your Olympus email address has been changed';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `changedBy` absent: the person changed it themselves on their account page. */
export function emailChangedMail(opts: {
  oldEmail: string;
  newEmail: string;
  name: string;
  changedBy?: string;
  to?: string;
}): MailMessage {
  const lines = [
    `Hello ${opts.name},`,
    '',
    opts.changedBy
      ? `${opts.changedBy} has changed the email address of your Olympus account to ${opts.newEmail}.`
      : `The email address of your Olympus account has been changed from ${opts.oldEmail} to ${opts.newEmail} on your account page.`,
    'From now on you sign in with the new address.',
    '',
    'If you did not expect this, please contact your administrator at once.',
  ];
  const html = lines.filter((l) => l !== '').map((l) => `<p>${escapeHtml(l)}</p>`);
  return {
    to: opts.to ?? opts.oldEmail,
    subject: EMAIL_CHANGED_SUBJECT,
    text: lines.join('\n'),
    html: html.join('\n'),
  };
}
