// A declared resource's writes in their transaction, and what a foreign key a race broke answers
// (docs/resources.md "References"): never a 500, but what the checks before the write would answer
// now — a create or update naming a record deleted meanwhile 422 on that field, a delete of a record
// a dependent was made for meanwhile the resource's own refusal or the declared references' 409.
import type { FastifyRequest } from 'fastify';
import type { ResourceDecl } from '../../contract/resources/declare';
import type { Db } from '../db';
import { conflict, invalid } from '../errors';
import { isForeignKeyError, type Conn, type Tx } from '../db/conn';
import { MSG } from '../http/fieldErrors';
import type { CrudHooks } from './binding';
import { usedBy, type MountedResources } from './dependents';
import type { CrudQueries } from './queries';

type Body = Record<string, unknown>;
type Action = 'create' | 'update' | 'delete';

/** A write whose foreign key broke with no declared reference to blame (e.g. its company removed meanwhile). */
const GONE_MEANWHILE = 'Something this record refers to was removed meanwhile. Please try again.';

export function writeSteps<P>(decl: ResourceDecl, hooks: CrudHooks<P>, q: CrudQueries) {
  const usedByOthers = `This ${decl.noun.one} is used by other records.`;
  return {
    /**
     * The write and its audit row in one transaction (on a transaction: a savepoint of it, rolled
     * back alone when the write fails). A broken foreign key is judged again (`again`), then as the
     * afterError hook says, else a 409; other database errors as the hook says.
     */
    async writing<T>(
      db: Conn,
      action: Action,
      work: (tx: Tx) => Promise<T>,
      again: () => Promise<Error | undefined>,
    ): Promise<T> {
      try {
        // A transaction's own transaction() is a savepoint (drizzle, on PostgreSQL and PGlite alike).
        return await (db as Db).transaction(work);
      } catch (err) {
        const fk = isForeignKeyError(err);
        throw (
          (fk ? await again() : undefined) ??
          hooks.afterError?.(err, action) ??
          (fk ? conflict(action === 'delete' ? usedByOthers : GONE_MEANWHILE) : err)
        );
      }
    },
    /** A create or update: 422 on each reference whose record is gone now, as the checks answer it. */
    refGone: (db: Conn, tenant: string | null, body: Body) => async (): Promise<Error | undefined> => {
      const bad = await q.badRefs(db, tenant, body);
      return bad.length
        ? invalid(Object.fromEntries(bad.map((r) => [r.field, [MSG.selectedInvalid(r.as)]])))
        : undefined;
    },
    /** A delete: the resource's own refusal (beforeDelete) now, else the declared references' 409. */
    stillUsed:
      (
        mounted: MountedResources,
        db: Conn,
        tenant: string | null,
        req: FastifyRequest,
        record: Body & { id: string },
      ) =>
      async (): Promise<Error | undefined> => {
        try {
          await hooks.beforeDelete?.({ db, tenant, req, record });
        } catch (refusal) {
          // beforeDelete refuses by throwing its answer (a 409): that is the answer here.
          return refusal as Error;
        }
        const used = await usedBy(db, mounted, decl, record.id, tenant);
        return used ? conflict(used) : undefined;
      },
  };
}
