// Many rows in one statement with one parameter: the rows as a jsonb array read back by
// `jsonb_to_recordset`, each value typed as the column it is for. Building a multi-row VALUES list costs
// drizzle a walk over every parameter (a batch of an import: thousands of them, the larger part of its
// time), and a statement may hold only 65 535 parameters; one jsonb text has neither cost.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * The rows' values of the columns `keys` (Drizzle keys) as `jsonb_to_recordset(…) as v(c0 type, …)`; `values`
 * name them (`v.c0` …). `withId`: each row's `id` too, as `v.id` (an update's row).
 */
export function recordset(
  table: PgTable,
  keys: readonly string[],
  rows: readonly Record<string, unknown>[],
  withId = false,
): { from: SQL; columns: PgColumn[]; values: SQL[] } {
  const all = getTableColumns(table);
  const columns = keys.map((k) => all[k] as PgColumn);
  const json = JSON.stringify(
    rows.map((r) =>
      Object.fromEntries([...(withId ? [['id', r.id]] : []), ...keys.map((k, i) => [`c${i}`, r[k] ?? null])]),
    ),
  );
  const types = sql.join(
    [
      ...(withId ? [sql`id uuid`] : []),
      ...columns.map((c, i) => sql`${sql.identifier(`c${i}`)} ${sql.raw(c.getSQLType())}`),
    ],
    sql`, `,
  );
  return {
    from: sql`jsonb_to_recordset(${json}::jsonb) as v(${types})`,
    columns,
    values: columns.map((_, i) => sql`v.${sql.identifier(`c${i}`)}`),
  };
}

/** `insert into table (columns) select … from jsonb_to_recordset(…)`: rows with the same keys; the other columns take
 * their defaults. */
export function insertRows(table: PgTable, keys: readonly string[], rows: readonly Record<string, unknown>[]): SQL {
  const { from, columns, values } = recordset(table, keys, rows);
  return sql`insert into ${table} (${sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  )}) select ${sql.join(values, sql`, `)} from ${from}`;
}

/** Rows grouped by the keys they hold (sorted): one statement per group, each row with its own columns. */
export function byKeys<T>(rows: readonly T[], keysOf: (row: T) => string[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const r of rows) {
    const keys = keysOf(r).sort().join(',');
    const group = groups.get(keys);
    if (group) group.push(r);
    else groups.set(keys, [r]);
  }
  return groups;
}
