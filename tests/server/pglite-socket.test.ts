// Attack on the embedded database: PGlite asks no password, so any port it listens on is open to
// every local user. The worker must listen only on its private unix socket — never fall back to a
// loopback TCP port, not even when the socket cannot be created.
import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPgliteWorker, startWorker, workerReady } from '../../server/db/pglite';

/** Listening TCP sockets (IPv4 and IPv6) held by this process, worker threads included (Linux /proc). */
function listeningTcpPorts(): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`));
      if (m) inodes.add(m[1]);
    } catch {
      // The fd closed while we looked.
    }
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.trim().split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // cols[1] local address:port (hex), cols[3] state (0A = LISTEN), cols[9] inode.
      if (cols[3] === '0A' && inodes.has(cols[9])) ports.push(parseInt(cols[1].split(':').pop()!, 16));
    }
  }
  return ports.sort();
}

// The embedded database's own behaviour: the run on PostgreSQL (`npm test`'s second server run) has
// nothing to add, so it skips this file.
const onPostgres = !!inject('postgresTemplateUrl');

describe.skipIf(process.platform !== 'linux' || onPostgres)('PGlite worker listens on no TCP port', () => {
  it('refuses to start rather than fall back to TCP when its unix socket cannot be created', async () => {
    const before = listeningTcpPorts();
    const worker = startWorker({ dataDir: null, socketPath: '/nonexistent-olympus-dir/.s.PGSQL.5432' });
    let during: number[] = [];
    const ready = workerReady(worker, null).finally(() => {
      during = listeningTcpPorts();
    });
    await expect(ready).rejects.toThrow(/cannot listen on its private socket/);
    await worker.terminate();
    expect(during).toEqual(before);
  });

  it('serves the database over a socket in a directory only this user can open, and no TCP port', async () => {
    const before = listeningTcpPorts();
    const database = await openPgliteWorker(null);
    try {
      const result = await database.db.execute(sql`select inet_server_port() as port, 1 + 1 as two`);
      expect((result as unknown as { rows: { two: number }[] }).rows[0].two).toBe(2);
      expect(listeningTcpPorts()).toEqual(before);
      const pool = (database.db as unknown as { $client: { options: { host: string } } }).$client;
      const dir = pool.options.host;
      expect(path.isAbsolute(dir)).toBe(true);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    } finally {
      await database.close();
    }
  });
});
