// `npm run backup` and `npm run restore` as an operator runs them (`tsx server/backup.ts …`, configured
// by the environment): a restore into a new data directory says when the secret key is missing, a
// backup of it gives back the same rows and names the key to keep apart, and the embedded database
// open in another process is not backed up behind its back (the message says how: scheduled
// snapshots). With TEST_DATABASE_URL, on PostgreSQL: a wrong key and a second restore are refused.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { createTestApp, type TestApp } from './harness';
import { apiAs, createWorld } from './resources-fixtures';
import { openDatabase } from '../../server/db';
import { secretKey } from '../../server/integrations/crypto';
import { writeBackup } from '../../server/backups/dump';

const ROOT = path.resolve(__dirname, '../..');
const pgUrl = inject('postgresTemplateUrl');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'olympus-backup-cli-'));

let t: TestApp;
let file: string;
let keyHex: string;
beforeAll(async () => {
  t = await createTestApp();
  keyHex = secretKey(t.config).toString('hex');
  const w = await createWorld(t.database.db);
  const sa = apiAs(t, w.headers.super_admin, w.own.id);
  expect(
    (
      await sa.put(`/companies/${w.own.id}/integrations/maintenance`, {
        api_url: 'https://fixflo.example/api/v2',
        api_key: 'cli-secret-1',
      })
    ).statusCode,
  ).toBe(200);
  file = path.join(tmp, 'source.jsonl.gz');
  await writeBackup(t.database.db, t.database.kind, file);
});
afterAll(async () => {
  await t?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** `tsx server/backup.ts <command> …` with only the given environment; its exit code and output. */
function run(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/backup.ts', command, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmp, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** The rows of a backup file, sorted (the header's time differs from one backup to the next). */
const rowsIn = (f: string) => gunzipSync(readFileSync(f)).toString().split('\n').slice(1).sort();

describe.skipIf(!!pgUrl)('npm run backup / restore on the embedded database', () => {
  it('restores into a new data directory, backs it up again, and refuses a database in use', async () => {
    const dataDir = path.join(tmp, 'data');
    const env = { OLYMPUS_DATA_DIR: dataDir };

    const restored = await run('restore', ['--file', file], env);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(
      /^Restored .*source\.jsonl\.gz into the embedded database in .*data\/pglite: \d+ tables, \d+ rows/,
    );
    // No key came with it: said plainly, with where to put it.
    expect(restored.output).toContain(
      `WARNING: its secrets are sealed with a key that is not here. Before starting Olympus, put the original key back: set OLYMPUS_SECRET_KEY, or copy the original secret.key to ${path.join(dataDir, 'secret.key')}.`,
    );

    writeFileSync(path.join(dataDir, 'secret.key'), keyHex + '\n', { mode: 0o600 });
    const again = path.join(tmp, 'again.jsonl.gz');
    const backedUp = await run('backup', ['--file', again], env);
    expect(backedUp.code, backedUp.output).toBe(0);
    expect(backedUp.output).toContain(
      `Its secrets are sealed with the key of ${path.join(dataDir, 'secret.key')}: keep a copy of that key apart from this file.`,
    );
    expect(rowsIn(again)).toEqual(rowsIn(file));

    // Open elsewhere (here: this process, as the running server would hold it).
    const held = await openDatabase(
      { kind: 'pglite', dataDir: path.join(dataDir, 'pglite'), thread: 'inline' },
      { migrate: false },
    );
    try {
      const refused = await run('backup', ['--file', path.join(tmp, 'while-running.jsonl.gz')], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(
        /^The embedded database in .*data\/pglite is in use by process \d+ \(Olympus\?\): PGlite admits one process per data directory\./,
      );
      expect(refused.output).toContain(
        'While Olympus runs, it backs the embedded database up itself: set OLYMPUS_BACKUP_INTERVAL_HOURS',
      );
    } finally {
      await held.close();
    }
    // A new data directory runs PGlite's initdb in the child (several seconds on a busy machine).
  }, 60_000);
});

describe.skipIf(!pgUrl)('npm run backup / restore on PostgreSQL', () => {
  const name = 'olympus_cli_' + randomBytes(6).toString('hex');
  const url = () => Object.assign(new URL(pgUrl), { pathname: '/' + name }).toString();
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('restores into a new database with the key checked, backs it up again and refuses a second restore', async () => {
    const env = { DATABASE_URL: url(), OLYMPUS_SECRET_KEY: keyHex, OLYMPUS_DATA_DIR: path.join(tmp, 'unused') };
    const wrongKey = await run('restore', ['--file', file], { ...env, OLYMPUS_SECRET_KEY: 'b'.repeat(64) });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.output).toMatch(/^Not restored: The secret key here/);

    const restored = await run('restore', ['--file', file], env);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('The secret key here opens its sealed secrets.');
    const again = path.join(tmp, 'again-pg.jsonl.gz');
    const backedUp = await run('backup', ['--file', again], env);
    expect(backedUp.code, backedUp.output).toBe(0);
    expect(backedUp.output).toContain('Its secrets are sealed with the key of OLYMPUS_SECRET_KEY');
    expect(rowsIn(again)).toEqual(rowsIn(file));
    expect((await run('restore', ['--file', again], env)).output).toMatch(/^Not restored: The database is not empty/);
  });
});
