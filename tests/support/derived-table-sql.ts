// Creates tables derived from declarations in a test database with the SQL drizzle-kit would write
// into their migration (docs/resources.md "The table"): a resource declared only in the test tree
// gets exactly the table `npm run db:generate` would give it, with no hand-written SQL to drift.
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import type { Db } from '../../server/db';
import * as tables from '../../server/db/tables';

/** The statements that add `extra` (Drizzle tables by export name) to the migrated schema. */
export async function derivedTableSql(extra: Record<string, unknown>): Promise<string[]> {
  // Without them, also when they are among the tables already (a test replacing the generated module).
  const added = new Set(Object.values(extra));
  const before = generateDrizzleJson(
    Object.fromEntries(Object.entries(tables).filter(([, table]) => !added.has(table))),
  );
  const after = generateDrizzleJson({ ...tables, ...extra }, before.id);
  return generateMigration(before, after);
}

/** Adds `extra`'s tables to a migrated test database. */
export async function createDerivedTables(db: Db, extra: Record<string, unknown>): Promise<void> {
  for (const statement of await derivedTableSql(extra)) await db.execute(sql.raw(statement));
}
