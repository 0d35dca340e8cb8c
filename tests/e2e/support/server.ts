// The real Olympus server (built SPA + API) on a loopback port, with its own PGlite directory,
// the demo seed and a real SMTP receiver. Nothing of our own is stubbed.
import { mkdtempSync, existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db';
import { seedDemo } from '../../../server/db/seedHistory';
import { startSmtpSink, type SmtpSink } from '../../support/smtp';

export const DEMO_PASSWORD = 'Demo-Password-2026';

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  mail: SmtpSink;
  close(): Promise<void>;
}

export interface ServerOptions extends Pick<BuildOptions, 'resources'> {
  /** Runs on the migrated, seeded database before the server listens (a test's own tables). */
  prepare?(database: Database): Promise<void>;
}

/** `overrides`: configuration (`staticDir`: another build of the SPA); `opts`: extra routes and set-up. */
export async function startServer(overrides: Partial<Config> = {}, opts: ServerOptions = {}): Promise<RunningServer> {
  const staticDir = overrides.staticDir ?? 'dist';
  if (!existsSync(path.join(staticDir, 'index.html')))
    throw new Error(`Build the SPA first (npx vite build): ${staticDir}/index.html is missing`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'olympus-e2e-'));
  const mail = await startSmtpSink();
  // In a worker thread, as `npm start` runs it.
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite'), thread: 'worker' });
  // The public URL must be known before listening (mails and hand-offs carry it): listen first on
  // a free port, then build the app that answers on it.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig(
    {},
    {
      port,
      host: '127.0.0.1',
      publicUrl,
      dataDir,
      smtpUrl: mail.url,
      logLevel: 'warn',
      staticDir: 'dist',
      ...overrides,
    },
  );
  const app = await buildApp({ config, database, logger: false, resources: opts.resources });
  await seedDemo(database.db, { password: DEMO_PASSWORD, publicUrl });
  await opts.prepare?.(database);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: publicUrl,
    app,
    database,
    mail,
    async close() {
      await app.close();
      app.mailer.close();
      await mail.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
