// The reset-code mail. Plain text first (every client shows it); the HTML part says the same.
import type { MailMessage } from '../mail/mailer';

export const RESET_SUBJECT = 'Your Olympus verification code';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function resetCodeMail(opts: {
  to: string;
  name: string;
  code: string;
  publicUrl: string;
  minutes: number;
}): MailMessage {
  const link = `${opts.publicUrl}/password/reset/verify`;
  const text = [
    `Hello ${opts.name},`,
    '',
    'Someone asked to reset the password of your Olympus account. Your verification code is:',
    '',
    `    ${opts.code}`,
    '',
    `Enter it with your new password at ${link}`,
    `The code expires in ${opts.minutes} minutes and works once.`,
    '',
    'If you did not ask for this, ignore this message: your password stays as it is.',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(opts.name)},</p>`,
    '<p>Someone asked to reset the password of your Olympus account. Your verification code is:</p>',
    `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${opts.code}</p>`,
    `<p>Enter it with your new password at <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>.<br>`,
    `The code expires in ${opts.minutes} minutes and works once.</p>`,
    '<p>If you did not ask for this, ignore this message: your password stays as it is.</p>',
  ].join('\n');
  return { to: opts.to, subject: RESET_SUBJECT, text, html };
}
