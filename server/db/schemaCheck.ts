// After the migrations, the tables the code declares (server/db/tables.ts, the declared resources'
// among them) must all be in the database with every column: a declaration changed without its
// migration would otherwise start and answer 500 on every call. Checked against the real database
// (information_schema), it stops the start with what to run (docs/resources.md "The table").
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database';
import * as schema from './tables';

/** What the code declares: table name → column names. */
function declaredColumns(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    if ((config.schema ?? 'public') !== 'public') continue;
    out.set(
      config.name,
      config.columns.map((c) => c.name),
    );
  }
  return out;
}

/** The problems found, one sentence each naming the command to run; empty when the database has everything. */
export async function schemaProblems(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name, column_name from information_schema.columns where table_schema = current_schema()`,
  );
  const rows = (result as unknown as { rows: { table_name: string; column_name: string }[] }).rows;
  const stored = new Map<string, Set<string>>();
  for (const r of rows)
    (stored.get(r.table_name) ?? stored.set(r.table_name, new Set()).get(r.table_name))!.add(r.column_name);
  const problems: string[] = [];
  for (const [table, columns] of declaredColumns()) {
    const have = stored.get(table);
    if (!have) {
      problems.push(
        `The table "${table}" is declared in the code but not in the database: run \`npm run db:generate -- --name ${table}\` to write its migration, then start again.`,
      );
      continue;
    }
    const missing = columns.filter((c) => !have.has(c));
    if (missing.length) {
      problems.push(
        `The table "${table}" lacks ${missing.map((c) => `"${c}"`).join(', ')} in the database: run \`npm run db:generate -- --name ${table}_${missing[0]}\` to write the migration, then start again.`,
      );
    }
  }
  return problems;
}
