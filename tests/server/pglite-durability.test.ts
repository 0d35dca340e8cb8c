// The embedded database on disk flushes every commit (server/db/pgliteDurability.ts, README "Backups and
// durability"): PGlite starts PostgreSQL with fsync off and its Node file system has no fsync, so
// Olympus turns fsync on, flushes the WAL with fsync() at each commit and supplies the flush. Proved
// here by the engine's own settings, in this thread and in the server's worker thread, and by the host
// fsyncs a single committed insert makes.
import { afterAll, describe, expect, it, inject } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../../server/db';
import { durabilityCounters } from '../../server/db/pgliteDurability';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'olympus-durable-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const setting = async (db: Db, name: 'fsync' | 'wal_sync_method' | 'synchronous_commit' | 'full_page_writes') => {
  const res = (await db.execute(sql`select current_setting(${name}) as v`)) as unknown as { rows: { v: string }[] };
  return res.rows[0].v;
};

// The embedded database's own behaviour: the run on PostgreSQL (`npm test`'s second server run) has
// nothing to add, so it skips this file.
const onPostgres = !!inject('postgresTemplateUrl');

describe.skipIf(onPostgres)('the embedded database on disk', () => {
  it('runs with fsync on and flushes each commit to the disk, in this thread and in the worker', async () => {
    const dataDir = path.join(tmp, 'pglite');
    const inline = await openDatabase({ kind: 'pglite', dataDir, thread: 'inline' });
    try {
      expect(await setting(inline.db, 'fsync')).toBe('on');
      expect(await setting(inline.db, 'wal_sync_method')).toBe('fsync');
      expect(await setting(inline.db, 'synchronous_commit')).toBe('on');
      expect(await setting(inline.db, 'full_page_writes')).toBe('on');
      const before = durabilityCounters.fsyncs;
      await inline.db.execute(sql`insert into audit_log (action) values ('durability.probe')`);
      // The commit's WAL reached the disk through a host fsync before the insert answered.
      expect(durabilityCounters.fsyncs).toBeGreaterThan(before);
    } finally {
      await inline.close();
    }

    const worker = await openDatabase({ kind: 'pglite', dataDir, thread: 'worker' });
    try {
      expect(await setting(worker.db, 'fsync')).toBe('on');
      expect(await setting(worker.db, 'wal_sync_method')).toBe('fsync');
      const res = (await worker.db.execute(
        sql`select count(*)::int as n from audit_log where action = 'durability.probe'`,
      )) as unknown as { rows: { n: number }[] };
      expect(res.rows[0].n).toBe(1);
    } finally {
      await worker.close();
    }
  }, 60_000);
});
