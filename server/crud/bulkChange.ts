// A bulk change's transaction (docs/resources.md "Bulk changes"), all or nothing: one audit row naming
// the records, then the records set-based (./bulkBatch.ts) where the resource's hooks need not see
// each, else each through the very update or delete a single save does, in a savepoint of its own.
// When any record is refused, the transaction is rolled back and the answer names each refused record.
import type { FastifyRequest } from 'fastify';
import type { BulkAction, BulkRowFailure } from '../../contract/bulk';
import type { ResourceDecl } from '../../contract/resources/declare';
import { audit } from '../audit';
import { requireAuth } from '../auth/guard';
import { ApiError } from '../errors';
import type { Db } from '../db';
import { atOnce, bulkAtOnce } from './bulkBatch';
import { bulkMessages, verbOf } from './bulkMessages';
import type { CrudOperations } from './operations';

type Body = Record<string, unknown>;

/** A bulk body as the route checked it. */
export interface BulkSent {
  action: BulkAction;
  ids: string[];
  values?: Body;
  versions?: Record<string, number>;
}

/** Thrown inside the bulk transaction to roll it back once every record has been tried. */
class Refused extends Error {}

/** A refused record as the answer names it: what a single change of it would answer. */
const failureOf = (id: string, err: ApiError): BulkRowFailure => ({
  id,
  status: err.statusCode,
  message: err.message,
  ...(err.errors ? { errors: err.errors } : {}),
});

/** Makes the change of every record, or none; a refusal throws the answer naming each refused record. */
export async function changeInBulk(
  db: Db,
  decl: ResourceDecl,
  ops: CrudOperations,
  req: FastifyRequest,
  tenant: string | null,
  sent: BulkSent,
): Promise<void> {
  const { action, ids } = sent;
  const failures = new Map<string, BulkRowFailure>();
  const later: (() => void)[] = [];
  try {
    await db.transaction(async (tx) => {
      const entry = await audit(tx as unknown as Db, {
        action: `${decl.noun.one}.bulk_${verbOf(action)}`,
        entity: decl.noun.one,
        actorId: req.auth?.userId ?? null,
        // Records of the tenant only (another company's is not found); of a global resource, nobody's.
        owner: tenant ? { company: tenant } : null,
        ip: req.ip,
        detail: { ids, count: ids.length, ...(action === 'update' ? { values: sent.values } : {}) },
      });
      // In one order, so two bulk changes lock shared records alike and never wait on each other in a circle.
      const sorted = [...ids].sort();
      const detail = { bulk: String(entry) };
      // A resource whose hooks need not see each record: all at once (./bulkBatch.ts).
      const together = atOnce(action, ops.batch)
        ? await bulkAtOnce(tx, {
            decl,
            ops: ops.batch,
            req,
            tenant,
            userId: requireAuth(req).userId,
            action,
            ids: sorted,
            values: sent.values ?? {},
            versions: sent.versions,
            detail,
          })
        : null;
      if (together) {
        for (const [id, err] of together) failures.set(id, failureOf(id, err));
        if (failures.size > 0) throw new Refused();
        return;
      }
      // Record by record (or when the database refused the set-based write: a race, each record answers alone).
      for (const id of sorted) {
        const opts = { tx, later, detail, version: sent.versions?.[id] };
        try {
          // A savepoint per record: a refusal (even a failed statement) undoes that record alone, and the others
          // are still tried.
          await tx.transaction(async (sp) => {
            if (action === 'update') await ops.update(req, id, sent.values ?? {}, { ...opts, tx: sp });
            else await ops.remove(req, id, { ...opts, tx: sp });
          });
        } catch (err) {
          if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
          failures.set(id, failureOf(id, err));
        }
      }
      if (failures.size > 0) throw new Refused();
    });
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    const rows = ids.flatMap((id) => failures.get(id) ?? []);
    const status = rows.every((r) => r.status === 409) ? 409 : 422;
    throw new ApiError(
      status,
      bulkMessages(decl).refused(action, rows.length, ids.length),
      { ids: rows.map((r) => `${r.id}: ${r.message}`) },
      undefined,
      { rows },
    );
  }
  for (const step of later) step();
}
