// Child process started by bench/run.ts: one database (a fresh PGlite directory, or the PostgreSQL
// at BENCH_PG_URL), seeded with the demo data plus BENCH_SCALE generated units, served by Olympus
// (API + built SPA) and by the bare-Fastify anchor on two loopback ports. Prints one line
// `BENCH_READY {json}` and runs until SIGTERM. The load generator runs in another process.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { seedIfEmpty } from '../../server/db/seed';
import { buildAnchorApi } from './anchor-api';
import { addScaleCompany, demoCompany } from './data';

export const BENCH_PASSWORD = 'Bench-Password-2026';

async function main(): Promise<void> {
  const pgUrl = process.env.BENCH_PG_URL || null;
  const scale = Number(process.env.BENCH_SCALE ?? 10_000);
  const staticDir = process.env.BENCH_STATIC || null;
  const apps = JSON.parse(process.env.BENCH_APPS ?? '{}') as Record<string, string>;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'olympus-bench-'));
  const database = pgUrl ? await openDatabase({ kind: 'postgres', url: pgUrl }) : await openDatabase({ kind: 'pglite', dataDir: path.join(tmp, 'pglite') });
  // A re-used PostgreSQL database keeps its rows: the seed only fills an empty one.
  await seedIfEmpty(database.db, { password: BENCH_PASSWORD, publicUrl: 'http://127.0.0.1' } as Parameters<typeof seedIfEmpty>[1]);
  // Sign-ins of earlier runs must not throttle or lock this one.
  await database.db.execute(sql`delete from throttles`);
  await database.db.execute(sql`update users set failed_logins = 0, locked_until = null`).catch(() => {});
  const demo = await demoCompany(database.db);
  const scaleId = await addScaleCompany(database.db, scale);

  const config = loadConfig({}, { port: 0, host: '127.0.0.1', publicUrl: 'http://127.0.0.1', dataDir: tmp, logLevel: 'warn', staticDir, seedDemo: false });
  const olympus = await buildApp({ config, database, logger: false });
  await olympus.listen({ port: 0, host: '127.0.0.1' });
  const anchor = await buildAnchorApi({ db: database.db, tenants: { demo: demo.id, scale: scaleId }, apps });
  await anchor.listen({ port: 0, host: '127.0.0.1' });
  const port = (a: typeof olympus) => (a.server.address() as { port: number }).port;

  const ready = { olympus: `http://127.0.0.1:${port(olympus)}`, anchor: `http://127.0.0.1:${port(anchor)}`, kind: database.kind, demo, scaleId, password: BENCH_PASSWORD };
  process.stdout.write(`BENCH_READY ${JSON.stringify(ready)}\n`);

  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await Promise.allSettled([olympus.close(), anchor.close()]);
    olympus.mailer.close();
    await database.close().catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
