// Child process of bench/run.ts: the bare-Fastify anchor (anchor-api.ts) in its own process, on its
// own connection to the same data — a copy of the prepared PGlite directory (one PGlite directory
// cannot be opened by two processes) or the same PostgreSQL database through a plain pg.Pool of 10.
// It talks to the database directly (no Olympus code). Prints `ANCHOR_READY {json}`, runs until SIGTERM.
//   env: BENCH_DB ({"kind":"pglite","dataDir":…} | {"kind":"postgres","url":…}), BENCH_TENANTS (key → company id),
//        BENCH_APPS (URL prefix → built front-end anchor)
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { DatabaseTarget } from '../../server/db';
import { buildAnchorApi } from './anchor-api';
import type { RawClient } from './anchor-sql';

async function open(target: DatabaseTarget): Promise<{ client: RawClient; close: () => Promise<void> }> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    return { client: pool, close: () => pool.end() };
  }
  // The prepared database holds the pg_trgm extension (the audit log's search index): PGlite needs its bundle to write
  // there.
  const db = new PGlite({ dataDir: target.dataDir ?? undefined, extensions: { pg_trgm } });
  await db.waitReady;
  return { client: db, close: () => db.close() };
}

async function main(): Promise<void> {
  const { client, close } = await open(JSON.parse(process.env.BENCH_DB ?? '') as DatabaseTarget);
  const app = await buildAnchorApi({
    client,
    tenants: JSON.parse(process.env.BENCH_TENANTS ?? '{}') as Record<string, string>,
    apps: JSON.parse(process.env.BENCH_APPS ?? '{}') as Record<string, string>,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  process.stdout.write(`ANCHOR_READY ${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);

  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(1), 10_000).unref();
    await app.close().catch(() => {});
    await close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
