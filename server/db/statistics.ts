// Planner statistics and the visibility map on the embedded database. A PostgreSQL server keeps them
// itself (autovacuum's vacuum and analyze); PGlite runs no background worker, so a table that grew from
// nothing (a fresh seed, an import of 10 000 units) keeps the planner's guess of an empty table and a report
// over it picks nested loops that take seconds, and its pages are never marked all-visible, so a list's
// count reads every row instead of an index. This job vacuums and analyzes, once ready and then every few
// minutes, each table whose size on disk moved away from what its statistics say — one table per statement,
// so the embedded database's one connection is free between them. docs/speed.md "Embedded database:
// planner statistics and the visibility map".
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from './rows';
import type { Db } from './index';
import { scheduleMaintenance } from '../maintenance';

export const STATISTICS_EVERY_MS = 5 * 60_000;

/** Tables whose pages differ from their statistics' count by over a fifth (and 8 pages): autovacuum's rule, roughly. */
export async function staleTables(db: Db): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and abs(pg_relation_size(c.oid) / 8192 - c.relpages) > greatest(8, c.relpages * 0.2)
      order by c.relname`),
  );
  return rows.map((r) => r.name);
}

/** Vacuums and analyzes the stale tables one by one; answers their names. */
export async function refreshStatistics(db: Db): Promise<string[]> {
  const stale = await staleTables(db);
  for (const name of stale) await db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`);
  return stale;
}

export function scheduleStatistics(app: FastifyInstance): void {
  if (app.database.kind !== 'pglite') return;
  scheduleMaintenance(app, STATISTICS_EVERY_MS, 'planner statistics', async () => {
    const analyzed = await refreshStatistics(app.db);
    if (analyzed.length) app.log.debug({ tables: analyzed.length }, 'planner statistics refreshed');
  });
}
