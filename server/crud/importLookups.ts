// What an import (./import.ts) looks up in one query per batch: the records its reference cells name
// and the records its keys match. Each takes the resource as bound (./bound.ts).
import { and, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf } from '../db/rows';
import { isUuid, type Conn } from '../db/conn';
import type { TenantScope } from '../db/tenantScope';
import { lowerOf } from '../lists/lists';
import { columnOf } from './binding';
import type { Bound } from './bound';

/**
 * An import's reference cells (./import.ts), in one query: for each text, the ids of the tenant's
 * live records of the field's referenced table whose id is the text, whose name is it (without letter
 * case), or whose `keys` column (the referenced resource's own import key) is it — at most 3 each.
 */
export async function refMatches(
  b: Bound,
  db: Conn,
  tenant: TenantScope,
  field: string,
  texts: readonly string[],
  keys: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(texts.map((t) => [t, []]));
  const r = b.refs.find((x) => x.field === field);
  if (!r || texts.length === 0) return out;
  const keyColumns = keys.flatMap((k) => columnOf(r.table, k)?.column ?? []);
  const uuids = texts.filter((t) => isUuid(t)).map((t) => t.toLowerCase());
  const lowered = sql<string>`${lowerOf(r.name)}`;
  const match = or(
    uuids.length ? inArray(r.id, uuids) : undefined,
    inArray(
      lowerOf(r.name),
      texts.map((t) => t.toLowerCase()),
    ),
    ...keyColumns.map((c) => inArray(c, [...texts])),
  );
  const pick: Record<string, AnyPgColumn | SQL> = { id: r.id, lowered };
  keyColumns.forEach((c, i) => (pick[`k${i}`] = c));
  const found = (await db
    .select(pick)
    .from(r.table)
    .where(and(match, r.live, b.refInTenant(r, tenant)))) as Record<string, unknown>[];
  for (const text of texts) {
    const lower = text.toLowerCase();
    const ids = found.filter(
      (f) =>
        f.id === lower ||
        f.lowered === lower ||
        keyColumns.some((_, i) => f[`k${i}`] !== null && String(f[`k${i}`]) === text),
    );
    out.set(
      text,
      ids.slice(0, 3).map((f) => f.id as string),
    );
  }
  return out;
}

/**
 * An import's keys (./import.ts), in one query: for each tuple of values of the `fields`, the id of
 * a live record of the tenant whose fields hold them (undefined: none).
 */
export async function idsWhere(
  b: Bound,
  db: Conn,
  tenant: TenantScope,
  fields: readonly string[],
  tuples: readonly unknown[][],
): Promise<(string | undefined)[]> {
  const out: (string | undefined)[] = tuples.map(() => undefined);
  if (tuples.length === 0) return out;
  // The tuples as one jsonb parameter, typed as the columns are (whatever their number).
  const rows = JSON.stringify(
    tuples.map((t, i) => Object.fromEntries([['i', i], ...fields.map((_, j) => [`k${j}`, t[j]])])),
  );
  const types = sql.join(
    [sql`i int`, ...fields.map((f, j) => sql`${sql.identifier(`k${j}`)} ${sql.raw(b.columns[f].column.getSQLType())}`)],
    sql`, `,
  );
  const on = and(...fields.map((f, j) => sql`${b.columns[f].column} = k.${sql.identifier(`k${j}`)}`));
  const found = rowsOf<{ i: number; id: string }>(
    await db.execute(
      sql`select k.i, ${b.id} as id from jsonb_to_recordset(${rows}::jsonb) as k(${types}) join ${b.table} on ${on} where ${and(b.which('live'), b.inTenant(tenant)) ?? sql`true`}`,
    ),
  );
  for (const f of found) out[Number(f.i)] ??= f.id;
  return out;
}
