// Child process of bench/run.ts, run before any server starts: fills the bench's database (a fresh
// PGlite directory, or the throw-away PostgreSQL) through Olympus's public openDatabase (so it is
// migrated exactly as `npm start` would), with the demo seed plus the generated scale tenants,
// optionally writes the unit lists for json-server, prints `BENCH_PREPARED {json}` and exits —
// PGlite's directory is then free for the Olympus server itself.
//   env: BENCH_DB ({"kind":"pglite","dataDir":…} | {"kind":"postgres","url":…}), BENCH_SIZES (1000,10000),
//        BENCH_PASSWORD, BENCH_EXPORT (optional: file for json-server's collections)
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseTarget, type Db } from '../../server/db';
import { seedIfEmpty } from '../../server/db/seed';
import { listAll, type RawClient } from './anchor-sql';
import { addScaleCompany, demoCompany, type Tenant } from './data';

/** The anchor's SQL through drizzle (whichever driver openDatabase chose): `$n` become drizzle's own parameters. */
function rawClient(db: Db): RawClient {
  return {
    query: async (text, params = []) => {
      const chunks = text.split(/\$(\d+)/);
      const query = sql.join(
        chunks.map((c, i) => (i % 2 ? sql`${params[Number(c) - 1]}` : sql.raw(c))),
        sql.raw(''),
      );
      return (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    },
  };
}

async function main(): Promise<void> {
  const given = JSON.parse(process.env.BENCH_DB ?? '') as DatabaseTarget;
  // Generating 100 000 units (their trigram index, their status periods) outlasts the server's statement
  // timeout on a busy machine; seeding is not a request.
  const target: DatabaseTarget = given.kind === 'postgres' ? { ...given, statementTimeoutMs: 600_000 } : given;
  const sizes = (process.env.BENCH_SIZES ?? '1000,10000')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const started = Date.now();
  const database = await openDatabase(target);
  try {
    await seedIfEmpty(database.db, { password: process.env.BENCH_PASSWORD ?? null, publicUrl: 'http://127.0.0.1' });
    // Sign-ins of earlier runs must not throttle or lock this one (a re-used PostgreSQL database).
    await database.db.execute(sql`delete from throttles`);
    await database.db.execute(sql`update users set failed_logins = 0, locked_until = null`);
    const tenants: Tenant[] = [await demoCompany(database.db)];
    for (const n of sizes) tenants.push(await addScaleCompany(database.db, n));
    // The tables as a server at rest keeps them (autovacuum; the embedded database's maintenance job): planner
    // statistics taken and the pages marked all-visible, so a count can read an index alone.
    await database.db.execute(sql`vacuum (analyze)`);
    const seconds = (Date.now() - started) / 1000;
    if (process.env.BENCH_EXPORT) {
      // json-server's data: each tenant's units in Olympus's JSON shape, one collection per tenant.
      const client = rawClient(database.db);
      const parts: string[] = [];
      for (const t of tenants)
        parts.push(
          `${JSON.stringify(t.key === 'demo' ? 'units' : `units_${t.key}`)}:${await listAll(client, 'units', t.id)}`,
        );
      writeFileSync(process.env.BENCH_EXPORT, `{${parts.join(',')}}`);
    }
    process.stdout.write(`BENCH_PREPARED ${JSON.stringify({ tenants, seconds })}\n`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
