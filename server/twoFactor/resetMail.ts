// The notice to a user whose second factor an administrator reset: they hear of it even if they did
// not ask (someone may be taking over the account). It carries no code and no link that signs anyone in.
import type { MailMessage } from '../mail/mailer';

export const TWO_FACTOR_RESET_SUBJECT = 'Your Olympus two-factor sign-in has been reset';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function twoFactorResetMail(opts: { to: string; name: string; resetBy: string }): MailMessage {
  const lines = [
    `Hello ${opts.name},`,
    '',
    `${opts.resetBy} has reset the two-factor sign-in of your Olympus account and signed you out everywhere.`,
    'You now sign in with your password alone. Turn two-factor sign-in on again from your account page, with your authenticator app.',
    '',
    'If you did not ask for this, please contact your administrator at once.',
  ];
  const html = lines.filter((l) => l !== '').map((l) => `<p>${escapeHtml(l)}</p>`);
  return { to: opts.to, subject: TWO_FACTOR_RESET_SUBJECT, text: lines.join('\n'), html: html.join('\n') };
}
