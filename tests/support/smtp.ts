// A real SMTP receiver (smtp-server) on loopback; tests read the messages Olympus really sent.
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the next (or an already received) message to this address. */
  waitFor(to: string, opts?: { after?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: parsed.from?.address ?? '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html ?? '',
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, opts = {}) {
      const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
      const after = opts.after ?? 0;
      for (;;) {
        const found = messages.slice(after).find((m) => m.to.includes(to.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within the timeout`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
