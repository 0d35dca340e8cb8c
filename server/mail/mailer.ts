// Mail through nodemailer: SMTP_URL when set; otherwise each message is written to <data>/outbox as
// an .eml file and a log line names it, so password reset works on a fresh machine.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * What a failed send may leave in the log: nodemailer's error code, the SMTP reply code and command.
 * Its message, `response`, `rejected` and `rejectedErrors` quote the recipient's address, so they stay out.
 */
export function mailErrorForLog(err: unknown): { code?: string; responseCode?: number; command?: string } {
  if (typeof err !== 'object' || err === null) return {};
  const { code, responseCode, command } = err as { code?: unknown; responseCode?: unknown; command?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof responseCode === 'number' ? { responseCode } : {}),
    ...(typeof command === 'string' ? { command } : {}),
  };
}

export function createMailer(config: Config, log: (msg: string) => void = () => {}): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.resolve(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '').slice(0, 16)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      // The file names the recipient; the log line does not (logs travel further than the data directory).
      log(`Mail "${message.subject}" written to ${file}`);
    },
    close: () => transport.close(),
  };
}
