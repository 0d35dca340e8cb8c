// The mail with a temporary password: sent after a user is created (or given a new one), after the
// transaction has committed. The password is in the mail only — never in a response or the audit log.
import type { MailMessage } from '../mail/mailer';
import { generatePassword } from '../db/seed';
import { hashPassword } from '../auth/passwords';
import { TEMP_PASSWORD_MS, type TemporaryPassword } from './writes';

export const INVITATION_SUBJECT = 'Your Olympus account';
export const NEW_PASSWORD_SUBJECT = 'Your new Olympus temporary password';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A policy-compliant random password (contract/password.ts) and its hash, expiring in 72 h. */
export async function temporaryPassword(): Promise<{ password: string; temporary: TemporaryPassword }> {
  const password = generatePassword();
  return { password, temporary: { hash: await hashPassword(password), expiresAt: new Date(Date.now() + TEMP_PASSWORD_MS) } };
}

export function invitationMail(opts: { to: string; name: string; password: string; publicUrl: string; invitedBy: string; isNew: boolean }): MailMessage {
  const link = `${opts.publicUrl}/login-form`;
  const intro = opts.isNew
    ? `${opts.invitedBy} has created an Olympus account for you.`
    : `${opts.invitedBy} has set a new temporary password for your Olympus account.`;
  const hours = TEMP_PASSWORD_MS / 3600_000;
  const text = [
    `Hello ${opts.name},`,
    '',
    intro,
    '',
    `Sign in at ${link} with`,
    `    Email address: ${opts.to}`,
    `    Temporary password: ${opts.password}`,
    '',
    `You will be asked to choose your own password. The temporary password expires in ${hours} hours.`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(opts.name)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p>Sign in at <a href="${escapeHtml(link)}">${escapeHtml(link)}</a> with</p>`,
    `<p>Email address: <strong>${escapeHtml(opts.to)}</strong><br>Temporary password: <strong style="font-family:monospace">${escapeHtml(opts.password)}</strong></p>`,
    `<p>You will be asked to choose your own password. The temporary password expires in ${hours} hours.</p>`,
  ].join('\n');
  return { to: opts.to, subject: opts.isNew ? INVITATION_SUBJECT : NEW_PASSWORD_SUBJECT, text, html };
}
