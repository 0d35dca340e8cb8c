// What a declared resource's routes do, as functions of a request (docs/resources.md): who asks,
// one record or 404, the forms, and the create, update, delete, purge and restore, each in a file of
// its own taking the resource's Operation (./operation.ts). The routes (./routes.ts) call them; so
// does every capability built on the declaration that changes records (a restore from history goes
// through the very update an edit does, an import's rows through create and update), so a rule added
// there holds for all of them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceDecl } from '../../contract/resources/declare';
import type { Action } from '../http/routeAccess';
import type { Conn, Tx } from '../db/conn';
import type { CrudBinding, CrudHooks } from './binding';
import { emptyAll } from './deleteSteps';
import type { MountedResources } from './dependents';
import type { CrudQueries } from './queries';
import { batchTrasher, batchWriter, setBased } from './writeBatch';
import { checkBodies } from './checkBody';
import { callerForm } from './callerForm';
import { createRecord } from './create';
import { updateRecord } from './update';
import { removeRecord } from './remove';
import { purgeRecord } from './removeForGood';
import { restoreRecord } from './restore';
import { caller, operation, recordOr404, seenBy, shaped, type ChangeOptions, type Operation } from './operation';

export type { ChangeOptions, Row } from './operation';

type Body = Record<string, unknown>;
/** recordOr404's arguments after the operation, which the routes' bound copy supplies. */
type RecordArgs = Parameters<typeof recordOr404> extends [unknown, ...infer R] ? R : never;

/**
 * An import's set-based batch (./importBatch.ts) and a set-based bulk update (./bulkBatch.ts): the
 * checks and writes of many records at once, for a resource whose hooks need not see each row; null
 * otherwise (each row goes through create or update).
 */
function batchOf<P>(op: Operation<P>) {
  const { decl, binding, hooks, q, versions, mounted } = op;
  if (!setBased(decl, binding, hooks)) return null;
  // Emptying the 'set null' references to the records moved goes set-based too, one audit row each.
  const trashBatch = batchTrasher(decl, binding, q, op.audited, (tx, req, ids) => emptyAll(op, tx, req, ids));
  return {
    check: (db: Conn, tenant: string | null, rows: readonly { sent: Body; before: Body | null }[]) =>
      checkBodies(op, db, tenant, rows),
    write: batchWriter(decl, binding, q, versions, op.audited),
    lock: (tx: Tx, tenant: string | null, ids: readonly string[]) => q.findMany(tx, tenant, ids, true),
    conflict: (tx: Tx, req: FastifyRequest, id: string, since: number, sent: Body, current: number) =>
      versions.conflict(tx, id, since, sent, seenBy(op, req), current),
    /**
     * A bulk delete's move to the trash at once, where nothing but the generic delete applies: no
     * beforeDelete hook, no 'restrict' reference to the resource (whose 409s go record by record);
     * null otherwise. Asked per bulk: resources mount one after another.
     */
    trash: () => (hooks.beforeDelete || mounted.referrers(decl.name, 'restrict').length > 0 ? null : trashBatch),
  };
}

export function crudOperations<P>(
  app: FastifyInstance,
  decl: ResourceDecl,
  binding: CrudBinding,
  hooks: CrudHooks<P>,
  q: CrudQueries,
  mounted: MountedResources,
) {
  const op = operation(app, decl, binding, hooks, q, mounted);
  return {
    caller: (req: FastifyRequest, action: Action, everyone = false) => caller(op, req, action, everyone),
    recordOr404: (...args: RecordArgs) => recordOr404(op, ...args),
    /** A record read for this caller, as they are answered it (CrudHooks.afterRead). */
    shaped: <R extends Body>(req: FastifyRequest, record: R) => shaped(op, req, record),
    audited: op.audited,
    batch: batchOf(op),
    /** A create or edit form: the declared groups with their options, as this caller gets them, filled in. */
    form: (db: Conn, tenant: string | null, req: FastifyRequest, record: Body | null) =>
      callerForm(op, db, tenant, req, record),
    create: (req: FastifyRequest, sent: Body, opts: ChangeOptions = {}) => createRecord(op, req, sent, opts),
    update: (req: FastifyRequest, id: string, sent: Body, opts: ChangeOptions = {}) =>
      updateRecord(op, req, id, sent, opts),
    remove: (req: FastifyRequest, id: string, opts: ChangeOptions = {}) => removeRecord(op, req, id, opts),
    purge: (req: FastifyRequest, id: string, opts: ChangeOptions = {}) => purgeRecord(op, req, id, opts),
    restore: (req: FastifyRequest, id: string) => restoreRecord(op, req, id),
  };
}

export type CrudOperations = ReturnType<typeof crudOperations>;
