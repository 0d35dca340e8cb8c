// A fresh Olympus API per test file: its own database copied from the migrated template, a real
// SMTP receiver, and app.inject for requests.
import { readFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db';
import { startSmtpSink, type SmtpSink } from '../support/smtp';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  mail: SmtpSink;
  close(): Promise<void>;
}

const TEMPLATE_DB = 'olympus_test_template';

export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const pgUrl = inject('postgresTemplateUrl');
  if (pgUrl) {
    const name = 'olympus_test_' + randomBytes(6).toString('hex');
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
    await admin.end();
    const u = new URL(pgUrl);
    u.pathname = '/' + name;
    const database = await openDatabase({ kind: 'postgres', url: u.toString() }, { migrate: false });
    return {
      database,
      drop: async () => {
        const c = new pg.Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const tar = readFileSync(inject('pgliteTemplate'));
  const database = await openDatabase(
    { kind: 'pglite', dataDir: null, loadDataDir: new Blob([tar]) },
    { migrate: false },
  );
  return { database, drop: async () => {} };
}

/** `build`: extra build options, e.g. `resources` (throwaway declared resources of a test). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  build: Pick<BuildOptions, 'resources'> = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const mail = await startSmtpSink();
  const config = loadConfig(
    {},
    {
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'olympus-data-')),
      staticDir: null,
      logLevel: 'silent',
      smtpUrl: mail.url,
      publicUrl: 'http://olympus.test',
      ...overrides,
    },
  );
  const app = await buildApp({ config, database, logger: false, ...build });
  await app.ready();
  return {
    app,
    database,
    config,
    mail,
    async close() {
      await app.close();
      app.mailer.close();
      await mail.close();
      await database.close();
      await drop();
    },
  };
}
