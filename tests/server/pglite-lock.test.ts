// The PGlite directory lock after a crash: a server killed with SIGKILL leaves its lock file behind.
// The next start must take it over when its process is gone — or when its pid now belongs to another
// process (pid reuse, as in a restarted container) — and still refuse a directory really in use.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase } from '../../server/db';
import { startTimeOf } from '../../server/db/pglite';

let tmp: string;
let live: ChildProcess;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'olympus-lock-'));
  live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
});
afterAll(() => {
  live?.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

const open = (dataDir: string) => openDatabase({ kind: 'pglite', dataDir }, { migrate: false });

// The embedded database's own behaviour: the run on PostgreSQL (`npm test`'s second server run) has
// nothing to add, so it skips this file.
const onPostgres = !!inject('postgresTemplateUrl');

describe.skipIf(process.platform !== 'linux' || onPostgres)('PGlite directory lock', () => {
  it('takes over the lock of a process that is gone, and writes its own pid and start time', async () => {
    const dataDir = path.join(tmp, 'dead');
    writeFileSync(dataDir + '.lock', String(await deadPid()));
    const database = await open(dataDir);
    try {
      expect(readFileSync(dataDir + '.lock', 'utf8')).toBe(`${process.pid} ${startTimeOf(process.pid)}`);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('takes over the lock when its pid now belongs to another process', async () => {
    const dataDir = path.join(tmp, 'reused');
    writeFileSync(dataDir + '.lock', `${live.pid} ${startTimeOf(live.pid!)! + 1}`);
    const database = await open(dataDir);
    await database.close();
  }, 60_000);

  it('refuses a directory whose lock names a running process', async () => {
    const dataDir = path.join(tmp, 'busy');
    for (const lock of [`${live.pid} ${startTimeOf(live.pid!)}`, String(live.pid)]) {
      writeFileSync(dataDir + '.lock', lock);
      await expect(open(dataDir), lock).rejects.toThrow(`is in use by process ${live.pid}`);
      expect(readFileSync(dataDir + '.lock', 'utf8')).toBe(lock);
    }
  });
});
