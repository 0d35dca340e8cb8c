// A declared resource's delete (docs/resources.md "Trash"): the refusals, then the declared
// references' 409 (live records only), then the move to the trash — or, for a resource without one,
// the delete for good (./removeForGood.ts).
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { requireAuth } from '../auth/guard';
import { notFound } from '../errors';
import { deletable, emptyAll, holdForDelete } from './deleteSteps';
import { audit, columnKey, type ChangeOptions, type Operation } from './operation';
import { removeForGood } from './removeForGood';

export async function removeRecord<P>(
  op: Operation<P>,
  req: FastifyRequest,
  id: string,
  opts: ChangeOptions = {},
): Promise<void> {
  if (!op.trash) return removeForGood(op, req, id, opts, false);
  const { q, decl } = op;
  const columns = op.trash;
  const { tenant, db, before } = await deletable(op, req, id, opts, 'live');
  await op.steps.writing(
    db,
    'delete',
    async (tx) => {
      // A create naming it waits for this lock (its foreign key), then finds it in the trash.
      const version = await holdForDelete(op, tx, req, before, opts, tenant);
      await emptyAll(op, tx, req, [before.id]);
      const auditBefore = await op.audited(tx, { ...before, version });
      const moved = await tx
        .update(op.table)
        .set({
          [columnKey(op, columns.deletedAt)]: sql`now()`,
          [columnKey(op, columns.deletedBy)]: requireAuth(req).userId,
        })
        .where(and(eq(q.id, before.id), isNull(columns.deletedAt)))
        .returning({ id: q.id });
      // A parallel delete that won: nothing left to delete.
      if (moved.length === 0) throw notFound(decl.messages.notFound);
      const by = op.owner(tenant, before.id, auditBefore, null);
      await audit(op, tx, req, by, 'deleted', before.id, auditBefore, null, { ...opts.detail, trash: true });
    },
    op.steps.stillUsed(op.mounted, db, tenant, req, before),
  );
}
