// A declared resource's update (docs/resources.md "Binding and hooks", "Versions and conflicts"):
// access and accessRecord on the record found, the version it is based on, the checks and the
// validate hook, then in one transaction the row held, beforeChange, the update of the declared
// columns and the checkbox lists, afterChange, the references still live, a new version when
// something changed, and the audit row.
import type { FastifyRequest } from 'fastify';
import type { Conn } from '../db/conn';
import { diff } from '../audit';
import { notFound } from '../errors';
import type { WriteOutcome } from './binding';
import { checkBody } from './checkBody';
import { requireAuth } from '../auth/guard';
import { attachFiles } from './fileFields';
import { columnsFrom } from './values';
import { eq } from 'drizzle-orm';
import {
  afterCommit,
  audit,
  caller,
  detailOf,
  recordOr404,
  refsStillLive,
  seenBy,
  type ChangeOptions,
  type Operation,
  type Row,
} from './operation';

type Body = Record<string, unknown>;

/** Updates a record from a body as the update route accepts it; answers it as read. */
export async function updateRecord<P>(
  op: Operation<P>,
  req: FastifyRequest,
  id: string,
  sent: Body,
  opts: ChangeOptions = {},
): Promise<Row> {
  const { hooks, q, versions, decl } = op;
  const { tenant, where } = caller(op, req, 'update');
  // A bulk change's transaction, else the database (the write opens its own).
  const db: Conn = opts.tx ?? op.app.db;
  let before = await recordOr404(op, db, tenant, req, id, where);
  hooks.accessRecord?.({ db, tenant, req, record: before, action: 'update', body: sent });
  // Based on an older version: refused before anything is checked, with what changed since.
  if (opts.version !== undefined && before.version !== opts.version)
    throw await versions.conflict(db, before.id, opts.version, sent, seenBy(op, req), before.version as number);
  const { body, parsed } = await checkBody(op, db, tenant, req, sent, before);
  const changes = { ...columnsFrom<Body>(body, q.writable), ...(q.updatedAt ? { [q.updatedAt]: new Date() } : {}) };
  const { record, outcome } = await op.steps.writing(
    db,
    'update',
    async (tx) => {
      // First in the transaction: the row held until the commit, at the version the change is based on.
      const locked = await versions.lock(tx, before.id);
      if (locked === null) throw notFound(decl.messages.notFound);
      if (opts.version !== undefined && locked !== opts.version)
        throw await versions.conflict(tx, before.id, opts.version, sent, seenBy(op, req), locked);
      // Changed between the read above and the lock (a save without a version): the audit's before is the record as
      // it is now.
      if (locked !== before.version) before = await recordOr404(op, tx, tenant, req, before.id, where);
      await hooks.beforeChange?.({ db: tx, tenant, req, body, values: changes, before, parsed });
      const auditBefore = await op.audited(tx, before);
      const recordId = before.id;
      // The declared columns (as beforeChange left them) and the checkbox lists.
      await tx.update(op.table).set(changes).where(eq(q.id, recordId));
      await q.writeMany(tx, [{ id: recordId, body }]);
      const outcome: WriteOutcome =
        (await hooks.afterChange?.({ db: tx, tenant, req, id: recordId, body, before, parsed })) ?? {};
      await attachFiles(tx, decl, requireAuth(req).userId, recordId, body);
      await refsStillLive(op, tx, tenant, body);
      let after = await recordOr404(op, tx, tenant, req, recordId, where, false);
      // A save that changed something is a new version; one that changed nothing leaves it, so it disturbs no other
      // editor.
      if (Object.keys(diff(auditBefore, await op.audited(tx, after))).some((k) => k !== 'version'))
        after = { ...after, version: await versions.raise(tx, recordId) };
      const view = await op.audited(tx, after);
      const by = op.owner(tenant, recordId, auditBefore, view);
      await audit(op, tx, req, by, 'updated', recordId, auditBefore, view, detailOf(outcome, opts));
      return { record: after, outcome };
    },
    op.steps.refGone(db, tenant, body),
  );
  afterCommit(outcome, record, opts);
  return record;
}
