// The delete for good (docs/resources.md "Trash"): a resource without a trash's delete, or a purge
// (`DELETE …?purge=true`). A purge is a super admin's only; it takes a live record (after the
// delete's refusals) or one in the trash, and is refused while records in the trash still refer to it
// (409, never the foreign key's 500).
import type { FastifyRequest } from 'fastify';
import { and, eq, isNotNull } from 'drizzle-orm';
import { SUPER_ADMIN } from '../../contract/roles';
import { requireAuth } from '../auth/guard';
import type { Conn } from '../db/conn';
import { conflict, forbidden, notFound } from '../errors';
import { usedBy } from './dependents';
import { dropFiles } from './fileFields';
import { deletable, emptyAll, holdForDelete } from './deleteSteps';
import { audit, caller, trashOf, type ChangeOptions, type Operation } from './operation';

/** Whether the record is in the trash now. */
async function isTrashed<P>(op: Operation<P>, db: Conn, id: string): Promise<boolean> {
  const columns = trashOf(op);
  const found = await db
    .select({ id: op.q.id })
    .from(op.table)
    .where(and(eq(op.q.id, id), isNotNull(columns.deletedAt)));
  return found.length > 0;
}

export async function removeForGood<P>(
  op: Operation<P>,
  req: FastifyRequest,
  id: string,
  opts: ChangeOptions,
  purging: boolean,
): Promise<void> {
  const { q, decl, mounted } = op;
  if (purging) {
    caller(op, req, 'delete');
    trashOf(op);
    if (requireAuth(req).role !== SUPER_ADMIN) throw forbidden(op.say.purgeSuperAdminOnly);
  }
  const { tenant, db, before } = await deletable(op, req, id, opts, purging ? 'any' : 'live');
  const inTrash = purging ? await isTrashed(op, db, before.id) : false;
  const again = op.steps.stillUsed(mounted, db, tenant, req, before);
  await op.steps.writing(
    db,
    'delete',
    async (tx) => {
      const version = await holdForDelete(op, tx, req, before, opts, tenant);
      if (purging) {
        const kept = await usedBy(tx, mounted, decl, before.id, tenant, 'trashed');
        if (kept) throw conflict(kept);
      }
      await emptyAll(op, tx, req, [before.id]);
      const auditBefore = await op.audited(tx, { ...before, version });
      // A parallel delete that won: nothing left to delete.
      if ((await tx.delete(op.table).where(eq(q.id, before.id)).returning({ id: q.id })).length === 0)
        throw notFound(decl.messages.notFound);
      await dropFiles(tx, decl, [before.id]);
      // A record purged from the trash was audited whole when it was deleted; one purged live is audited whole now.
      const by = op.owner(tenant, before.id, auditBefore, null);
      if (purging)
        await audit(op, tx, req, by, 'purged', before.id, inTrash ? null : auditBefore, null, {
          ...opts.detail,
          from_trash: inTrash,
        });
      else await audit(op, tx, req, by, 'deleted', before.id, auditBefore, null, opts.detail ?? null);
    },
    // A foreign key a purge broke: a record in the trash (or one of a table no declaration names) still refers to it.
    purging
      ? async () =>
          (await again()) ??
          conflict((await usedBy(db, mounted, decl, before.id, tenant, 'trashed')) ?? op.say.usedElsewhere)
      : again,
  );
}

/**
 * Deletes a record for good (`DELETE …?purge=true`, super_admin only): a live one after the
 * delete's own refusals, one in the trash once nothing in the trash refers to it any more.
 */
export const purgeRecord = <P>(op: Operation<P>, req: FastifyRequest, id: string, opts: ChangeOptions = {}) =>
  removeForGood(op, req, id, opts, true);
