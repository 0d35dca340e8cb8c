// A bulk change set-based (docs/resources.md "Bulk changes"), for a resource whose hooks need not see
// each record (./writeBatch.ts setBased, as an import's batch): the records read and locked with one
// query in id order, each one's version compared, for an update the checks of a single update made for
// all of them at once (./checks.ts), then, when none is refused, the updates (raising the versions) and audit
// rows — or the moves to the trash and their audit rows — written with a few statements for the lot
// (./writeBatch.ts). Each record gets the answer a single update of
// it would get, and ends as a single update leaves it. Locks are taken once and held only for these
// few statements, so a single edit of one of the records waits for them only, not for the whole bulk
// to go record by record.
import type { FastifyRequest } from 'fastify';
import type { ResourceDecl } from '../../contract/resources/declare';
import { type ApiError, notFound } from '../errors';
import { RowByRow } from '../imports/jobs';
import { FOREIGN_KEY_VIOLATION, pgError, RESTRICT_VIOLATION, UNIQUE_VIOLATION, type Tx } from '../db/conn';
import type { CrudRow } from './queries';
import type { BatchOps } from './importBatch';

type Body = Record<string, unknown>;

/** What a set-based bulk change needs of operations.ts (its `batch`): an import batch's checks and write, and more. */
export interface BulkBatchOps extends BatchOps {
  /** The tenant's live records by id, locked until the transaction ends, in id order. */
  lock(tx: Tx, tenant: string | null, ids: readonly string[]): Promise<Map<string, CrudRow>>;
  /** The 409 of a change based on version `since` of a record at `current`, as a single change answers it. */
  conflict(tx: Tx, req: FastifyRequest, id: string, since: number, sent: Body, current: number): Promise<ApiError>;
  /** The move to the trash of many records at once, or null where a delete must go record by record. */
  trash():
    | ((
        tx: Tx,
        req: FastifyRequest,
        tenant: string | null,
        userId: string,
        befores: readonly CrudRow[],
        detail: Body,
      ) => Promise<void>)
    | null;
}

/** The database refused the set-based write (a race with another request): the bulk is to go record by record. */
const raced = (err: unknown) =>
  err instanceof RowByRow ||
  [FOREIGN_KEY_VIOLATION, RESTRICT_VIOLATION, UNIQUE_VIOLATION].includes(pgError(err).code ?? '');

/** Whether a bulk change of this resource goes set-based (else record by record). */
export const atOnce = (action: 'update' | 'delete', ops: BulkBatchOps | null): ops is BulkBatchOps =>
  ops !== null && (action === 'update' || ops.trash() !== null);

/**
 * Updates (with `values`) or moves to the trash the records `ids` on a savepoint of the bulk's
 * transaction: answers each refused record's error (nothing written when there is any), or null when
 * the database refused the write itself, the savepoint rolled back (the caller goes record by record,
 * where each answers alone).
 */
export async function bulkAtOnce(
  tx: Tx,
  c: {
    decl: ResourceDecl;
    ops: BulkBatchOps;
    req: FastifyRequest;
    tenant: string | null;
    userId: string;
    action: 'update' | 'delete';
    ids: readonly string[];
    values: Body;
    versions: Record<string, number> | undefined;
    detail: Body;
  },
): Promise<Map<string, ApiError> | null> {
  const sent = c.action === 'update' ? c.values : {};
  try {
    return await tx.transaction(async (sp) => {
      const refused = new Map<string, ApiError>();
      // In id order (the lock's order), so two bulk changes never wait on each other in a circle.
      const befores = await c.ops.lock(sp, c.tenant, c.ids);
      const passed: CrudRow[] = [];
      for (const id of c.ids) {
        const before = befores.get(id);
        const since = c.versions?.[id];
        // Another company's record, one in the trash or none: not found, as a single change answers.
        if (!before) refused.set(id, notFound(c.decl.messages.notFound));
        // Based on an older version: refused before anything is checked, as a single change is.
        else if (since !== undefined && before.version !== since)
          refused.set(id, await c.ops.conflict(sp, c.req, id, since, sent, before.version as number));
        else passed.push(before);
      }
      if (c.action === 'delete') {
        const trash = c.ops.trash();
        if (!trash) throw new Error('A set-based bulk delete of a resource that deletes record by record');
        if (refused.size === 0) await trash(sp, c.req, c.tenant, c.userId, passed, c.detail);
        return refused;
      }
      const checked = await c.ops.check(
        sp,
        c.tenant,
        passed.map((before) => ({ sent, before })),
      );
      passed.forEach((before, i) => {
        const err = checked[i].errors.asError();
        if (err) refused.set(before.id, err);
      });
      if (refused.size === 0)
        await c.ops.write(
          sp,
          c.req,
          c.tenant,
          passed.map((before, i) => ({ body: checked[i].body, before })),
          c.detail,
        );
      return refused;
    });
  } catch (err) {
    if (raced(err)) return null;
    throw err;
  }
}
