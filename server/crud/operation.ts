// What every operation of a declared resource reads (docs/resources.md): the declaration, its
// binding and hooks, its queries, and the steps they share — who asks, one record or 404, its audit
// row. Each operation is a function of its own file taking this (./create.ts, ./update.ts,
// ./remove.ts, ./removeForGood.ts, ./restore.ts, ./callerForm.ts); ./operations.ts puts them together.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { hasTrash, type ResourceDecl } from '../../contract/resources/declare';
import { requireAuth, requireTenant } from '../auth/guard';
import { SUPER_ADMIN } from '../../contract/roles';
import { EVERY_COMPANY, type TenantScope } from '../db/tenantScope';
import { notFound } from '../errors';
import type { Action } from '../http/routeAccess';
import type { AuditOwner } from '../audit';
import type { Conn, Tx } from '../db/conn';
import { auditChange } from './changeAudit';
import type { CrudBinding, CrudHooks, WriteOutcome } from './binding';
import { auditedOf, ownerOf } from './audited';
import type { MountedResources } from './dependents';
import type { CrudQueries, Which } from './queries';
import { recordVersions, type ConflictView } from './versions';
import { namedActors } from './actors';
import { trashMessages } from './trashMessages';
import { writeSteps } from './writing';

type Body = Record<string, unknown>;
export type Row = Body & { id: string };

/** What a change adds to its audit row beyond the diff (e.g. the history entry a restore came from). */
export interface ChangeOptions {
  detail?: Body;
  /**
   * Update and delete: the record's version the change is based on (If-Match, or an update body's
   * `version`). While the record is at another, nothing changes and the answer is 409 with what
   * changed since (./versions.ts). Undefined: no check, the change is made over whatever is stored.
   */
  version?: number;
  /**
   * Create, update and delete: run inside this transaction, as a savepoint of it (a bulk change, ./bulk.ts; an import,
   * ./import.ts):
   * every read, check and write on it, nothing committed here. A refusal rolls back the savepoint
   * only; the caller commits or rolls back the whole. Each record's afterCommit step is handed to
   * `later`, for the caller to run once it has committed.
   */
  tx?: Tx;
  later?: (() => void)[];
}

/** One declared resource as its operations see it. */
export interface Operation<P> {
  app: FastifyInstance;
  decl: ResourceDecl;
  binding: CrudBinding;
  hooks: CrudHooks<P>;
  q: CrudQueries;
  mounted: MountedResources;
  versions: ReturnType<typeof recordVersions>;
  /**
   * The record as the audit row keeps it: the audit.view hook's, else the record itself; always with
   * its version, so each row says which version its change made (what a conflict's diff reads).
   */
  audited: (db: Conn, record: Row) => Promise<Body>;
  owner: ReturnType<typeof ownerOf>;
  steps: ReturnType<typeof writeSteps>;
  /** Drizzle types insert/update values per table; these are the declared columns of this one, checked at start. */
  table: CrudBinding['table'] & { $inferInsert: Body };
  /** The trash's columns: null for a resource without one. */
  trash: CrudQueries['trashColumns'];
  say: ReturnType<typeof trashMessages>;
}

export function operation<P>(
  app: FastifyInstance,
  decl: ResourceDecl,
  binding: CrudBinding,
  hooks: CrudHooks<P>,
  q: CrudQueries,
  mounted: MountedResources,
): Operation<P> {
  return {
    app,
    decl,
    binding,
    hooks,
    q,
    mounted,
    versions: recordVersions(decl, binding.table, Object.keys(hooks.computed ?? {})),
    audited: auditedOf(decl, hooks),
    owner: ownerOf(hooks),
    steps: writeSteps(decl, hooks, q),
    table: binding.table as Operation<P>['table'],
    trash: hasTrash(decl) ? q.trashColumns : null,
    say: trashMessages(decl),
  };
}

/**
 * Who asks: the access hook's verdict (a refusal, or the caller's reach), and the tenant.
 * `everyone`: a super_admin's `?all=true` list (a declaration's `everyCompany`), with no tenant.
 */
export function caller<P>(op: Operation<P>, req: FastifyRequest, action: Action, everyone = false) {
  const where = op.hooks.access?.(req, action);
  return { tenant: everyone || op.decl.tenancy !== 'scoped' ? null : requireTenant(req), where };
}

/**
 * Which company's records a request reads: the X-Tenant's, or every company's for the record this
 * request has just written (`reach` false: found by its id, already within reach) and for a
 * super_admin on a resource declared `everyCompany`.
 */
export function readScope<P>(op: Operation<P>, req: FastifyRequest, tenant: string | null, reach = true): TenantScope {
  if (!reach || (op.decl.everyCompany && requireAuth(req).role === SUPER_ADMIN)) return EVERY_COMPANY;
  return tenant;
}

/** The record as this caller is answered it (CrudHooks.afterRead). */
export const shaped = <P, R extends Body>(op: Operation<P>, req: FastifyRequest, record: R): R =>
  op.hooks.afterRead ? (op.hooks.afterRead({ req, record }) as R) : record;

/** One record, as this caller is answered it (readScope, shaped); a live one unless `which` says otherwise. */
export async function findOne<P>(
  op: Operation<P>,
  db: Conn,
  tenant: string | null,
  req: FastifyRequest,
  id: string,
  where: SQL | undefined,
  reach = true,
  which: Which = 'live',
): Promise<Row | null> {
  const record = await op.q.find(db, readScope(op, req, tenant, reach), id, where, which);
  return record && shaped(op, req, record);
}

export async function recordOr404<P>(
  op: Operation<P>,
  db: Conn,
  tenant: string | null,
  req: FastifyRequest,
  id: string,
  where?: SQL,
  reach = true,
  which: Which = 'live',
): Promise<Row> {
  const record = await findOne(op, db, tenant, req, id, where, reach, which);
  if (!record) throw notFound(op.decl.messages.notFound);
  return record;
}

/** One audit row of this resource, owned by the record (`by`), never by the request's X-Tenant. */
export function audit<P>(
  op: Operation<P>,
  conn: Conn,
  req: FastifyRequest,
  by: AuditOwner | null,
  action: string,
  id: string,
  before: Body | null,
  after: Body | null,
  detail?: Body | null,
) {
  return auditChange(conn, req, {
    action: `${op.decl.noun.one}.${action}`,
    owner: by,
    entity: op.decl.noun.one,
    entityId: id,
    before: before ?? undefined,
    after: after ?? undefined,
    detail,
  });
}

/** A conflict's changes as this caller's history would show them (./actors.ts, audit.changes). */
export function seenBy<P>(op: Operation<P>, req: FastifyRequest): ConflictView {
  const changes = op.hooks.audit?.changes;
  return {
    changes: changes ? (c) => changes({ req, changes: c }) : undefined,
    named: (db, actors) => namedActors(db, req, actors),
  };
}

/** The outcome's detail and the change's own, together (null when neither says anything). */
export const detailOf = (outcome: WriteOutcome, opts: ChangeOptions) =>
  outcome.detail || opts.detail ? { ...outcome.detail, ...opts.detail } : null;

/** An afterChange step once committed: now, or handed to the caller's `later` when it holds the transaction. */
export function afterCommit(outcome: WriteOutcome, record: Row, opts: ChangeOptions): void {
  if (!outcome.afterCommit) return;
  if (opts.later) opts.later.push(() => outcome.afterCommit?.(record));
  else if (!opts.tx) outcome.afterCommit(record);
}

/**
 * Inside a create's or update's transaction, after the write: a record it refers to that was moved to
 * the trash meanwhile answers 422 as the checks would. (The trash's move holds the referenced row
 * until it commits, and the write's foreign key waits for it, so this sees the move.)
 */
export async function refsStillLive<P>(op: Operation<P>, tx: Conn, tenant: string | null, body: Body) {
  const gone = await op.steps.refGone(tx, tenant, body)();
  if (gone) throw gone;
}

/** The trash's columns, which only a resource with a trash has. */
export function trashOf<P>(op: Operation<P>) {
  if (!op.trash) throw notFound(op.decl.messages.notFound);
  return op.trash;
}

/** The Drizzle key of one of the bound table's columns (what `.set()` takes). */
export function columnKey<P>(op: Operation<P>, column: unknown): string {
  const key = Object.entries(op.binding.table).find(([, c]) => c === column)?.[0];
  if (!key) throw new Error(`Resource "${op.decl.name}": a trash column is not in the bound table`);
  return key;
}
