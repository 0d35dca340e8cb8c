// Migrates one template database per run; every test file then gets a fresh copy of it
// (a PGlite data-dir dump, or a PostgreSQL `CREATE DATABASE … TEMPLATE`).
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db';
import { PGlite } from '@electric-sql/pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplateUrl: string;
  }
}

export const TEMPLATE_DB = 'olympus_test_template';

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = '/' + TEMPLATE_DB;
    const database = await openDatabase({ kind: 'postgres', url: u.toString() });
    await database.close();
    project.provide('postgresTemplateUrl', url);
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'olympus-template-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  // The drizzle wrapper hides the client; dump through a fresh handle on the same instance.
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplateUrl', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
