// A declared resource's checkbox lists (docs/resources.md "Fields", `many()`): each one's options and
// the link rows that keep its values. Each takes the resource as bound (./bound.ts).
import { inArray } from 'drizzle-orm';
import type { Conn } from '../db/conn';
import type { Bound } from './bound';

/** Each checkbox list's options (value → label), by field name. */
export async function manyOptions(b: Bound, db: Conn): Promise<Record<string, Record<string, string>>> {
  return Object.fromEntries(await Promise.all(b.lists.map(async (l) => [l.field, await l.options(db)] as const)));
}

/**
 * Replace the records' values of each checkbox list their bodies send (inside the write's
 * transaction): one delete and one insert per list.
 */
export async function writeMany(
  b: Bound,
  tx: Conn,
  records: readonly { id: string; body: Record<string, unknown> }[],
): Promise<void> {
  for (const l of b.lists) {
    const sending = records.filter((r) => Array.isArray(r.body[l.field]));
    if (sending.length === 0) continue;
    await tx.delete(l.table).where(
      inArray(
        l.ownerColumn.column,
        sending.map((r) => r.id),
      ),
    );
    // Drizzle types insert values per table; these two columns were checked at start (checkBinding).
    const link = l.table as typeof l.table & { $inferInsert: Record<string, unknown> };
    const values = sending.flatMap((r) =>
      (r.body[l.field] as unknown[]).map((v) => ({ [l.ownerColumn.key]: r.id, [l.valueColumn.key]: v })),
    );
    if (values.length) await tx.insert(link).values(values);
  }
}
