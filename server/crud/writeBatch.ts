// The writes of an import's batch (./importBatch.ts) once every row has passed its checks, set-based:
// the creates as one multi-row insert and the updates as one UPDATE … FROM per set of columns (the rows
// as one jsonb parameter: ../../db/recordset.ts), the checkbox lists together, the records read back in
// one query and their audit rows in one insert.
// Each record and audit row ends as a single create or update (./operations.ts) leaves it: version 1
// on create, raised on an update only when something changed, `{noun}.created` / `.updated` with the
// before and after the audit keeps and the batch's detail.
import { randomUUID } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ResourceDecl } from '../../contract/resources/declare';
import { diff, type Changes } from '../audit';
import { RowByRow } from '../imports/jobs';
import { rowsOf } from '../db/rows';
import { byKeys, insertRows, recordset } from '../db/recordset';
import { auditChanges, type ChangeEntry } from './changeAudit';
import { anyOf, type Conn, type Tx } from '../db/conn';
import { columnsFrom } from './values';
import type { CrudBinding, CrudHooks } from './binding';
import type { CrudQueries, CrudRow } from './queries';
import type { RecordVersions } from './versions';

type Body = Record<string, unknown>;

/** One checked row of a batch: its body as written, and for an update the record as it was (locked). */
export interface BatchPlan {
  body: Body;
  before: CrudRow | null;
}

/**
 * Whether a resource's rows may be checked and written set-based: no hook that must see each row or
 * write it its own way, and no reference to its own table (a row may name a record an earlier row of
 * the same batch makes, which a batch's one lookup would not see).
 */
export function setBased(decl: ResourceDecl, binding: CrudBinding, hooks: CrudHooks<unknown>): boolean {
  const perRow =
    hooks.validate ||
    hooks.beforeChange ||
    hooks.afterChange ||
    hooks.afterRead ||
    hooks.audit?.view ||
    hooks.audit?.owner ||
    hooks.accessRecord ||
    hooks.access;
  const selfRef = Object.values(decl.fields).some((f) => 'ref' in f && binding.refs?.[f.ref.to] === binding.table);
  return !perRow && !selfRef;
}

export function batchWriter(
  decl: ResourceDecl,
  binding: CrudBinding,
  q: CrudQueries,
  versions: RecordVersions,
  audited: (conn: Conn, record: CrudRow) => Promise<Body>,
) {
  const table = binding.table;
  const byKey = getTableColumns(binding.table);
  const updatedAt = q.updatedAt ? byKey[q.updatedAt].name : undefined;

  /**
   * The updates with the same columns: one statement each, the rows as one jsonb parameter typed as the columns are.
   * Each record's version is raised in the same statement when a column it sets takes another value: one statement
   * instead of a second update of every record (a second row version each, and the table's triggers again); the
   * caller corrects the few the record as read tells otherwise.
   */
  async function updateAll(tx: Tx, rows: { id: string; changes: Body }[]): Promise<void> {
    const now = new Date().toISOString();
    for (const [keys, group] of byKeys(rows, (r) => Object.keys(r.changes))) {
      const names = keys ? keys.split(',') : [];
      const { from, columns, values } = recordset(
        binding.table,
        names,
        group.map((r) => ({ ...r.changes, id: r.id })),
        true,
      );
      const own = columns.map((c) => sql`${table}.${sql.identifier(c.name)}`);
      const sets = [
        ...columns.map((c, i) => sql`${sql.identifier(c.name)} = ${values[i]}`),
        ...(columns.length
          ? [
              sql`version = case when (${sql.join(own, sql`, `)}) is distinct from (${sql.join(values, sql`, `)})
                then ${table}.version + 1 else ${table}.version end`,
            ]
          : []),
        ...(updatedAt ? [sql`${sql.identifier(updatedAt)} = ${now}::timestamptz`] : []),
      ];
      if (sets.length)
        await tx.execute(sql`update ${table} set ${sql.join(sets, sql`, `)} from ${from} where ${q.id} = v.id`);
    }
  }

  /** The creates with the same columns: one insert each (the other columns take their defaults). */
  async function insertAll(tx: Tx, rows: Body[]): Promise<void> {
    for (const [keys, group] of byKeys(rows, (r) => Object.keys(r)))
      await tx.execute(insertRows(binding.table, keys.split(','), group));
  }

  /** Writes the plans (creates and updates, in the file's order) on the batch's savepoint; answers the records as read.
   */
  return async function writeBatch(
    tx: Tx,
    req: FastifyRequest,
    tenant: string | null,
    plans: readonly BatchPlan[],
    detail: Body,
  ): Promise<CrudRow[]> {
    // The ids are made here, so each row knows its record whatever order RETURNING would answer in.
    const ids = plans.map((p) => (p.before ? p.before.id : randomUUID()));
    const creates = plans.flatMap((p, i) =>
      p.before
        ? []
        : [
            {
              ...columnsFrom<Body>(p.body, q.writable),
              [byKeyOf(q.id)]: ids[i],
              ...(tenant ? { companyId: tenant } : {}),
            },
          ],
    );
    await insertAll(tx, creates);
    await updateAll(
      tx,
      plans.flatMap((p) => (p.before ? [{ id: p.before.id, changes: columnsFrom<Body>(p.body, q.writable) }] : [])),
    );
    await q.writeMany(
      tx,
      plans.map((p, i) => ({ id: ids[i], body: p.body })),
    );
    // A record referred to that went to the trash meanwhile: each row is to say so on its own.
    const live = await q.liveRefs(
      tx,
      tenant,
      plans.map((p) => p.body),
    );
    if (plans.some((p) => q.badRefsIn(p.body, live).length > 0))
      throw new RowByRow('a referenced record went meanwhile');
    const read = await q.findMany(tx, tenant, ids);
    if (read.size !== ids.length) throw new RowByRow('a record written is not read back');
    const records = ids.map((id) => read.get(id) as CrudRow);
    // A save that changed something is a new version; one that changed nothing leaves it (as ops.update).
    const befores = await Promise.all(plans.map((p) => (p.before ? audited(tx, p.before) : null)));
    const afters = await Promise.all(records.map((r) => audited(tx, r)));
    // The update raised the version of each record a column of which took another value (updateAll); the record as
    // the audit keeps it decides, as for a single update: a checkbox list or a trigger may have changed it all the
    // same, or a value be stored as it was.
    // Each update's diff is made once, here, and is its audit row's changes (a create's the audit makes).
    const changes = plans.map((p, i) => (p.before ? diff(befores[i], afters[i]) : undefined));
    const off = new Map<number, number[]>();
    plans.forEach((p, i) => {
      if (!p.before) return;
      const changed = Object.keys(changes[i] as Body).some((k) => k !== 'version');
      const by = Number(p.before.version) + (changed ? 1 : 0) - Number(records[i].version);
      if (by !== 0) off.set(by, [...(off.get(by) ?? []), i]);
    });
    for (const [by, at] of off) {
      await tx.execute(
        sql`update ${table} set version = version + ${by} where ${anyOf(
          q.id,
          at.map((i) => ids[i]),
        )}`,
      );
      for (const i of at) {
        const version = Number(records[i].version) + by;
        records[i] = { ...records[i], version };
        afters[i] = { ...afters[i], version };
        const was = (befores[i] as Body).version;
        const diffed = changes[i] as Changes;
        if (JSON.stringify(was) === JSON.stringify(version)) delete diffed.version;
        else diffed.version = { before: was, after: version };
      }
    }
    const entries: ChangeEntry[] = plans.map((p, i) => ({
      action: `${decl.noun.one}.${p.before ? 'updated' : 'created'}`,
      // A set-based batch is a scoped resource's without hooks (setBased): its records are the tenant's.
      owner: tenant ? { company: tenant } : null,
      entity: decl.noun.one,
      entityId: ids[i],
      before: befores[i] ?? undefined,
      after: afters[i],
      changes: changes[i],
      detail,
    }));
    await auditChanges(tx, req, entries);
    return records;
  };

  function byKeyOf(column: unknown): string {
    const key = Object.entries(byKey).find(([, c]) => c === column)?.[0];
    if (!key) throw new Error(`Resource "${decl.name}": the id is not in the bound table`);
    return key;
  }
}

/**
 * A bulk delete's move to the trash set-based (./bulkBatch.ts), for records read and locked by the
 * caller: one update setting when and by whom, and their audit rows in one insert — each as a single
 * delete leaves it (`{noun}.deleted`, the record as it was, `trash: true`).
 */
export function batchTrasher(
  decl: ResourceDecl,
  binding: CrudBinding,
  q: CrudQueries,
  audited: (conn: Conn, record: CrudRow) => Promise<Body>,
  /** Empties the 'set null' references to the records moved (./deleteSteps.ts emptyAll). */
  emptyReferences: (tx: Tx, req: FastifyRequest, ids: readonly string[]) => Promise<void>,
) {
  const columns = q.trashColumns;
  if (!columns) return null;
  const table = binding.table;
  return async function trashBatch(
    tx: Tx,
    req: FastifyRequest,
    tenant: string | null,
    userId: string,
    befores: readonly CrudRow[],
    detail: Body,
  ): Promise<void> {
    const ids = befores.map((b) => b.id);
    const moved = rowsOf<{ id: string }>(
      await tx.execute(
        sql`update ${table} set ${sql.identifier(columns.deletedAt.name)} = now(), ${sql.identifier(columns.deletedBy.name)} = ${userId}
          where ${anyOf(q.id, ids)} and ${columns.deletedAt} is null returning ${q.id}`,
      ),
    );
    // Locked live by the caller, so all are moved; anything else is a race for the record-by-record path to answer.
    if (moved.length !== ids.length) throw new RowByRow('a record went meanwhile');
    await emptyReferences(tx, req, ids);
    const views = await Promise.all(befores.map((b) => audited(tx, b)));
    await auditChanges(
      tx,
      req,
      befores.map((b, i) => ({
        action: `${decl.noun.one}.deleted`,
        // A set-based batch is a scoped resource's without hooks (setBased): its records are the tenant's.
        owner: tenant ? { company: tenant } : null,
        entity: decl.noun.one,
        entityId: b.id,
        before: views[i],
        detail: { ...detail, trash: true },
      })),
    );
  };
}
