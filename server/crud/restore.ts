// A record brought back from the trash (docs/resources.md "Trash"), checked like a create of what it
// holds: access as a create, accessRecord, the records it refers to exist and are live (422), the
// validate and beforeChange hooks (403, 409), a name or slug unique among live records still free
// (409). Refused, nothing changes.
import type { FastifyRequest } from 'fastify';
import { and, eq, isNotNull } from 'drizzle-orm';
import { ApiError, conflict, notFound } from '../errors';
import { pgError, UNIQUE_VIOLATION } from '../db/conn';
import { checkBody } from './checkBody';
import {
  audit,
  caller,
  columnKey,
  findOne,
  recordOr404,
  refsStillLive,
  trashOf,
  type Operation,
  type Row,
} from './operation';

type Body = Record<string, unknown>;

/** The fields a restore is checked with, as a create would send them: the record's stored values. */
function restoreBody<P>(op: Operation<P>, record: Row): Body {
  return Object.fromEntries(
    Object.entries(op.decl.fields).flatMap(([name, f]) =>
      f.readOnly || record[name] === undefined ? [] : [[name, record[name]]],
    ),
  );
}

export async function restoreRecord<P>(op: Operation<P>, req: FastifyRequest, id: string): Promise<Row> {
  const { app, hooks, q, decl, say } = op;
  const columns = trashOf(op);
  const { tenant, where } = caller(op, req, 'delete');
  // Restoring is making the record again: whoever may not create one may not restore it.
  hooks.access?.(req, 'create');
  const before = await findOne(op, app.db, tenant, req, id, where, true, 'trashed');
  if (!before) throw notFound(say.notInTrash);
  hooks.accessRecord?.({ db: app.db, tenant, req, record: before, action: 'delete', body: null });
  const { body, parsed } = await checkBody(op, app.db, tenant, req, restoreBody(op, before), null);
  try {
    return await op.steps.writing(
      app.db,
      'create',
      async (tx) => {
        if ((await op.versions.lock(tx, before.id)) === null) throw notFound(decl.messages.notFound);
        await hooks.beforeChange?.({ db: tx, tenant, req, body, values: {}, before: null, parsed });
        const back = await tx
          .update(op.table)
          .set({ [columnKey(op, columns.deletedAt)]: null, [columnKey(op, columns.deletedBy)]: null })
          .where(and(eq(q.id, before.id), isNotNull(columns.deletedAt)))
          .returning({ id: q.id });
        // A parallel restore or purge that won.
        if (back.length === 0) throw notFound(decl.messages.notFound);
        await refsStillLive(op, tx, tenant, body);
        const record = await recordOr404(op, tx, tenant, req, before.id, where, false);
        await audit(op, tx, req, op.owner(tenant, before.id, null, null), 'restored', before.id, null, null, {
          from: 'trash',
        });
        return record;
      },
      op.steps.refGone(app.db, tenant, body),
    );
  } catch (err) {
    // A unique rule among live records (a name, a slug) another record now holds.
    if (!(err instanceof ApiError) && pgError(err).code === UNIQUE_VIOLATION)
      throw conflict(say.nameTaken(pgError(err).constraint));
    throw err;
  }
}
