// The trash's purge (docs/resources.md "Trash"): records deleted more than OLYMPUS_TRASH_DAYS ago are
// deleted for good by the server itself, at start once it is ready and then hourly, once across the
// instances sharing one database (../../maintenance.ts). Resources go in an order where a record's
// dependents go before it (units before their property, properties before their company), a batch
// per statement; a record something still refers to (a dependent deleted later, not yet due) stays
// for a later run rather than failing the others. Each purged record is audited as `{noun}.purged`
// by the system, in its company.
import { and, asc, inArray, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { hasTrash } from '../../contract/resources/declare';
import { audit } from '../audit';
import { rowsOf } from '../db/rows';
import type { Db } from '../db';
import { claimTurn, scheduleMaintenance, type MaintenanceJob } from '../maintenance';
import { isForeignKeyError, type Conn } from '../db/conn';
import { columnOf } from './binding';
import { emptyReferences, type Mounted, type MountedResources } from './dependents';
import { dropFiles } from './fileFields';

/** How often each instance looks. */
export const TRASH_PURGE_EVERY_MS = 3600_000;
/** A purge within this long of the last one (by any instance) is skipped. */
export const TRASH_PURGE_GAP_MS = 50 * 60_000;
/** Records deleted per statement. */
export const TRASH_PURGE_BATCH = 500;
/** The advisory lock of the claim (after AUDIT_PRUNE_LOCK 7_201_003). */
export const TRASH_PURGE_LOCK = 7_201_004;
export const TRASH_PURGE_JOB = 'trash_purge';
const JOB: MaintenanceJob = { lock: TRASH_PURGE_LOCK, name: TRASH_PURGE_JOB };

export interface PurgeResult {
  /** Records deleted for good, by resource name. */
  purged: Record<string, number>;
  /** Records past retention something still refers to: left for a later run. */
  kept: number;
  /** Records deleted before this instant were purged (ISO 8601). */
  cutoff: string;
}

/**
 * The resources with a trash, each before the ones it refers to: by its references, and a scoped
 * resource (whose company_id points at its company) before every global one.
 */
export function purgeOrder(all: readonly Mounted[]): Mounted[] {
  const withTrash = all.filter((m) => hasTrash(m.decl) && columnOf(m.binding.table, 'deleted_at'));
  const refersTo = (a: Mounted, b: Mounted) =>
    a !== b &&
    (Object.values(a.decl.fields).some((f) => 'ref' in f && f.ref.to === b.decl.name) ||
      (a.decl.tenancy === 'scoped' && b.decl.tenancy === 'global'));
  const left = [...withTrash];
  const order: Mounted[] = [];
  while (left.length) {
    // One nothing left refers to; in a cycle, the first left.
    const next = left.find((m) => !left.some((o) => refersTo(o, m))) ?? left[0];
    order.push(next);
    left.splice(left.indexOf(next), 1);
  }
  return order;
}

/** Deletes `ids` of one resource for good, with their audit rows, in one transaction; answers how many went. */
async function purgeRows(
  db: Db,
  mounted: MountedResources,
  m: Mounted,
  ids: string[],
  days: number,
  cutoff: Date,
): Promise<number> {
  const { decl, binding } = m;
  const id = columnOf(binding.table, 'id')?.column as AnyPgColumn;
  const company = columnOf(binding.table, 'company_id')?.column;
  const deletedAt = columnOf(binding.table, 'deleted_at')?.column as AnyPgColumn;
  return db.transaction(async (tx) => {
    // Still in the trash and past retention, held until the commit: one restored meanwhile stays.
    const due = await (tx as Conn)
      .select({ id })
      .from(binding.table)
      .where(and(inArray(id, ids), isNotNull(deletedAt), lt(deletedAt, cutoff)))
      .for('update');
    const held = due.map((r) => r.id as string);
    if (held.length === 0) return 0;
    for (const one of held) {
      // A record in the trash may still be pointed at by an optional reference of another in the trash.
      for (const e of await emptyReferences(tx, mounted, decl, one)) {
        await audit(tx as unknown as Db, {
          action: `${e.decl.noun.one}.updated`,
          owner: e.company ? { company: e.company } : null,
          entity: e.decl.noun.one,
          entityId: e.id,
          before: { [e.field]: one, version: e.version - 1 },
          after: { [e.field]: null, version: e.version },
          detail: { actor: 'system', reason: `The ${decl.noun.one} it referred to was deleted forever.` },
        });
      }
    }
    const gone = await (tx as Conn)
      .delete(binding.table)
      .where(inArray(id, held))
      .returning({ id, companyId: company ?? sql<null>`null`, deletedAt });
    await dropFiles(
      tx as Conn,
      decl,
      gone.map((g) => g.id as string),
    );
    for (const g of gone as { id: string; companyId: string | null; deletedAt: Date }[]) {
      await audit(tx as unknown as Db, {
        action: `${decl.noun.one}.purged`,
        actorId: null,
        owner: g.companyId ? { company: g.companyId } : null,
        entity: decl.noun.one,
        entityId: g.id,
        detail: {
          actor: 'system',
          from_trash: true,
          deleted_at: new Date(g.deletedAt).toISOString(),
          trash_days: days,
        },
      });
    }
    return gone.length;
  });
}

/**
 * Purges the records deleted more than `days` ago (by the database's clock) when it is this
 * instance's turn; null when it is not. `batch` and `gapMs` are for tests.
 */
export async function purgeTrash(
  db: Db,
  mounted: MountedResources,
  days: number,
  { batch = TRASH_PURGE_BATCH, gapMs = TRASH_PURGE_GAP_MS } = {},
): Promise<PurgeResult | null> {
  if (!(await claimTurn(db, JOB, gapMs))) return null;
  const [{ cutoff }] = rowsOf<{ cutoff: Date | string }>(
    await db.execute(sql`select now() - make_interval(days => ${days}) as cutoff`),
  );
  const before = new Date(cutoff);
  const result: PurgeResult = { purged: {}, kept: 0, cutoff: before.toISOString() };
  for (const m of purgeOrder(mounted.list())) {
    const id = columnOf(m.binding.table, 'id')?.column as AnyPgColumn;
    const deletedAt = columnOf(m.binding.table, 'deleted_at')?.column as AnyPgColumn;
    const kept: string[] = [];
    let purged = 0;
    for (;;) {
      const due = await db
        .select({ id })
        .from(m.binding.table)
        .where(and(lt(deletedAt, before), kept.length ? notInArray(id, kept) : undefined))
        .orderBy(asc(deletedAt), asc(id))
        .limit(batch);
      const ids = due.map((r) => r.id as string);
      if (ids.length === 0) break;
      try {
        purged += await purgeRows(db, mounted, m, ids, days, before);
      } catch (err) {
        if (!isForeignKeyError(err)) throw err;
        // Something still refers to one of them: each on its own, the refused ones kept for later.
        for (const one of ids) {
          try {
            purged += await purgeRows(db, mounted, m, [one], days, before);
          } catch (e) {
            if (!isForeignKeyError(e)) throw e;
            kept.push(one);
          }
        }
      }
      if (ids.length < batch) break;
    }
    if (purged) result.purged[m.decl.name] = purged;
    result.kept += kept.length;
  }
  return result;
}

/** Purges when the server is ready and every TRASH_PURGE_EVERY_MS after, until it closes. */
export function scheduleTrashPurge(app: FastifyInstance, mounted: MountedResources, days: number): void {
  scheduleMaintenance(app, TRASH_PURGE_EVERY_MS, 'trash purge', async () => {
    const done = await purgeTrash(app.db, mounted, days);
    if (done && (Object.keys(done.purged).length || done.kept))
      app.log.info({ ...done, days }, 'records past the trash retention deleted for good');
  });
}
