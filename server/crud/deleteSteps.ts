// The steps every delete of a declared resource takes, moved to the trash or for good
// (docs/resources.md "Trash", "References"): the refusals before the write, the row held inside it,
// and the 'set null' references to the record emptied, each with its own audit row.
import type { FastifyRequest } from 'fastify';
import type { Conn, Tx } from '../db/conn';
import { conflict, notFound } from '../errors';
import { auditChanges } from './changeAudit';
import { emptyReferences, usedBy } from './dependents';
import { caller, recordOr404, seenBy, type ChangeOptions, type Operation, type Row } from './operation';

/**
 * What every delete checks before writing: the record (live, or also in the trash for a purge) or
 * 404, accessRecord, and — asked with the version the person saw — 409 when it changed; then
 * beforeDelete.
 */
export async function deletable<P>(
  op: Operation<P>,
  req: FastifyRequest,
  id: string,
  opts: ChangeOptions,
  state: 'live' | 'any',
) {
  const { tenant, where } = caller(op, req, 'delete');
  // A bulk change's transaction, else the database (the write opens its own).
  const db: Conn = opts.tx ?? op.app.db;
  const before = await recordOr404(op, db, tenant, req, id, where, true, state);
  op.hooks.accessRecord?.({ db, tenant, req, record: before, action: 'delete', body: null });
  // Deleting a record that changed since it was shown asks again: 409 with what changed.
  if (opts.version !== undefined && before.version !== opts.version)
    throw await op.versions.conflict(db, before.id, opts.version, {}, seenBy(op, req), before.version as number);
  await op.hooks.beforeDelete?.({ db, tenant, req, record: before });
  return { tenant, db, before };
}

/**
 * In a delete's transaction: the row held until the commit, so one changed meanwhile is not deleted
 * unseen (409 asked with a version, 404 when a parallel delete won), then the declared references to
 * it (409). Answers the version held.
 */
export async function holdForDelete<P>(
  op: Operation<P>,
  tx: Tx,
  req: FastifyRequest,
  before: Row,
  opts: ChangeOptions,
  tenant: string | null,
): Promise<number> {
  const version = await op.versions.lock(tx, before.id);
  if (version === null) throw notFound(op.decl.messages.notFound);
  if (opts.version !== undefined && version !== opts.version)
    throw await op.versions.conflict(tx, before.id, opts.version, {}, seenBy(op, req), version);
  const used = await usedBy(tx, op.mounted, op.decl, before.id, tenant);
  if (used) throw conflict(used);
  return version;
}

/** Empties the 'set null' references to the records; each emptied record is changed too, with its own audit row. */
export async function emptyAll<P>(
  op: Operation<P>,
  tx: Conn,
  req: FastifyRequest,
  ids: readonly string[],
): Promise<void> {
  const emptied = await emptyReferences(tx, op.mounted, op.decl, ids);
  await auditChanges(
    tx,
    req,
    emptied.map((e) => ({
      action: `${e.decl.noun.one}.updated`,
      // The emptied record's own company (a reference may cross companies only to a global record).
      owner: e.company ? { company: e.company } : null,
      entity: e.decl.noun.one,
      entityId: e.id,
      before: { [e.field]: e.was, version: e.version - 1 },
      after: { [e.field]: null, version: e.version },
      detail: { reason: `The ${op.decl.noun.one} it referred to was deleted.` },
    })),
  );
}
