// What a declared resource's routes do, as functions of a request (docs/resources.md): who asks,
// one record or 404, the checks of a create or update, the forms, and the create, update and delete
// with their audit rows in one transaction. The routes (./routes.ts) call them; so does every
// capability built on the declaration that changes records (a restore from history goes through
// the very update an edit does), so a rule added here holds for all of them. A delete moves the record
// to the trash unless the declaration says `trash: false`; a restore and a purge (delete forever) are
// here too (docs/resources.md "Trash").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { hasTrash, type ResourceDecl } from '../../contract/resources/declare';
import { requireAuth, requireTenant } from '../auth/guard';
import { SUPER_ADMIN } from '../../contract/roles';
import { ApiError, conflict, forbidden, notFound } from '../errors';
import { withValues } from '../forms/fields';
import type { Action } from '../http/routeAccess';
import { diff, type AuditOwner } from '../audit';
import { auditChange } from './changeAudit';
import { pgError, UNIQUE_VIOLATION, type Conn, type Tx } from '../db/conn';
import { columnsFrom } from './values';
import type { CrudBinding, CrudHooks, WriteOutcome } from './binding';
import { auditedOf, ownerOf } from './audited';
import { checkFields, checkRefs } from './checks';
import { emptyReferences, usedBy, type MountedResources } from './dependents';
import { defaultsOf, formGroups } from './form';
import type { CrudQueries, Which } from './queries';
import { recordVersions, type ConflictView } from './versions';
import { namedActors } from './actors';
import { trashMessages } from './trashMessages';
import { writeSteps } from './writing';
import { batchTrasher, batchWriter, setBased } from './writeBatch';
import { attachFiles, dropFiles } from './fileFields';

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

export function crudOperations<P>(
  app: FastifyInstance,
  decl: ResourceDecl,
  binding: CrudBinding,
  hooks: CrudHooks<P>,
  q: CrudQueries,
  mounted: MountedResources,
) {
  const tenantOf = (req: FastifyRequest) => (decl.tenancy === 'scoped' ? requireTenant(req) : null);
  /**
   * Who asks: the guard hook's verdict first, then the tenant and the caller's reach (scope hook).
   * `everyone`: a super_admin's `?all=true` list (listQuery.allowAll), with no tenant.
   */
  const caller = (req: FastifyRequest, action: Action, everyone = false) => {
    hooks.guard?.(req, action);
    return { tenant: everyone ? null : tenantOf(req), where: hooks.scope?.(req) };
  };
  const owner = ownerOf(hooks);
  /** One audit row of this resource, owned by the record (`owner`), never by the request's X-Tenant. */
  const audit = (
    conn: Conn,
    req: FastifyRequest,
    by: AuditOwner | null,
    action: string,
    id: string,
    before: Body | null,
    after: Body | null,
    detail?: Body | null,
  ) =>
    auditChange(conn, req, {
      action: `${decl.noun.one}.${action}`,
      owner: by,
      entity: decl.noun.one,
      entityId: id,
      before: before ?? undefined,
      after: after ?? undefined,
      detail,
    });
  /**
   * The record as the audit row keeps it: the auditView hook's, else the record itself; always with
   * its version, so each row says which version its change made (what a conflict's diff reads).
   */
  const audited = auditedOf(hooks);
  const versions = recordVersions(decl, binding.table, Object.keys(hooks.computed ?? {}));
  /** A conflict's changes as this caller's history would show them (./actors.ts, historyChanges). */
  const seenBy = (req: FastifyRequest): ConflictView => ({
    changes: hooks.historyChanges ? (changes) => hooks.historyChanges?.({ req, changes }) ?? changes : undefined,
    named: (db, actors) => namedActors(db, req, actors),
  });
  /** The outcome's detail and the change's own, together (null when neither says anything). */
  const detailOf = (outcome: WriteOutcome, opts: ChangeOptions) =>
    outcome.detail || opts.detail ? { ...outcome.detail, ...opts.detail } : null;

  /**
   * One record: the records hook's (reach false: just written by this request), else the bound
   * table's; a live one unless `which` says otherwise (a resource with a records hook has no trash).
   */
  const findOne = async (
    db: Conn,
    tenant: string | null,
    req: FastifyRequest,
    id: string,
    where: SQL | undefined,
    reach = true,
    which: Which = 'live',
  ) => {
    if (!hooks.records) return q.find(db, tenant, id, where, which);
    return (await hooks.records.find({ db, tenant, req, id, reach })) as Row | null;
  };
  const recordOr404 = async (
    db: Conn,
    tenant: string | null,
    req: FastifyRequest,
    id: string,
    where?: SQL,
    reach = true,
    which: Which = 'live',
  ) => {
    const record = await findOne(db, tenant, req, id, where, reach, which);
    if (!record) throw notFound(decl.messages.notFound);
    return record;
  };
  const trash = hasTrash(decl) ? q.trashColumns : null;
  const say = trashMessages(decl);

  /**
   * What the schema cannot check (./checks.ts): conditional fields (cleared when hidden, required while
   * shown), required text that is blank once trimmed, a money amount's range, references outside the
   * company, checkbox-list values not among the options, the hooks' own. Answers the body with each
   * checkbox list trimmed and without repeats and each multi-choice in the options' order (what is
   * written), and what the validate hook read.
   */
  const check = async (
    db: Conn,
    tenant: string | null,
    req: FastifyRequest,
    sent: Body,
    before: Body | null,
  ): Promise<{ body: Body; parsed: P }> => {
    const [{ body, errors }] = await checkAll(db, tenant, [{ sent, before }]);
    // What validate answers is handed on as it is; without a validate hook there is nothing to hand on.
    const parsed = (await hooks.validate?.({ db, tenant, req, body, errors, before })) as P;
    errors.throwIfAny();
    return { body, parsed };
  };
  /**
   * The generic part of check() for many bodies at once (an import's batch): the checkbox lists'
   * options and the references' records read once for all of them, each body checked on its own.
   */
  const checkAll = async (db: Conn, tenant: string | null, rows: readonly { sent: Body; before: Body | null }[]) => {
    const options = await q.manyOptions(db);
    const checked = rows.map((r) => checkFields(decl, r.sent, r.before, options));
    const live = await q.liveRefs(
      db,
      tenant,
      checked.map((c) => c.body),
    );
    for (const c of checked) checkRefs(q, c.body, live, c.errors);
    return checked;
  };

  const { writing, refGone, stillUsed } = writeSteps(decl, hooks, q);
  /**
   * Inside a create's or update's transaction, after the write: a record it refers to that was moved to
   * the trash meanwhile answers 422 as the checks would. (The trash's move holds the referenced row
   * until it commits, and the write's foreign key waits for it, so this sees the move.)
   */
  const refsStillLive = async (tx: Conn, tenant: string | null, body: Body) => {
    const gone = await refGone(tx, tenant, body)();
    if (gone) throw gone;
  };
  /** The fields a restore is checked with, as a create would send them: the record's stored values. */
  const restoreBody = (record: Row): Body =>
    Object.fromEntries(
      Object.entries(decl.fields).flatMap(([name, f]) =>
        f.readOnly || record[name] === undefined ? [] : [[name, record[name]]],
      ),
    );
  /** The trash's columns, which only a resource with a trash has. */
  const trashOf = () => {
    if (!trash) throw notFound(decl.messages.notFound);
    return trash;
  };
  const trashBatch = batchTrasher(decl, binding, q, audited);
  // Drizzle types insert/update values per table; these are the declared columns of this one, checked at start.
  const table = binding.table as typeof binding.table & { $inferInsert: Body };

  /** The Drizzle key of one of the bound table's columns (what `.set()` takes). */
  function columnKey(column: unknown): string {
    const key = Object.entries(binding.table).find(([, c]) => c === column)?.[0];
    if (!key) throw new Error(`Resource "${decl.name}": a trash column is not in the bound table`);
    return key;
  }

  /** Empties the 'set null' references to the record; each emptied record is changed too, with its own audit row. */
  async function emptyAll(tx: Conn, req: FastifyRequest, id: string) {
    for (const e of await emptyReferences(tx, mounted, decl, id)) {
      await auditChange(tx, req, {
        action: `${e.decl.noun.one}.updated`,
        // The emptied record's own company (a reference may cross companies only to a global record).
        owner: e.company ? { company: e.company } : null,
        entity: e.decl.noun.one,
        entityId: e.id,
        before: { [e.field]: id, version: e.version - 1 },
        after: { [e.field]: null, version: e.version },
        detail: { reason: `The ${decl.noun.one} it referred to was deleted.` },
      });
    }
  }

  /**
   * What every delete checks before writing: the record (live, or also in the trash for a purge) or
   * 404, the resource's own refusal, and — asked with the version the person saw — 409 when it changed.
   */
  async function deletable(req: FastifyRequest, id: string, opts: ChangeOptions, state: 'live' | 'any') {
    const { tenant, where } = caller(req, 'delete');
    // A bulk change's transaction, else the database (the write opens its own).
    const db: Conn = opts.tx ?? app.db;
    const before = await recordOr404(db, tenant, req, id, where, true, state);
    hooks.refuseChange?.({ db, tenant, req, record: before, action: 'delete', body: null });
    // Deleting a record that changed since it was shown asks again: 409 with what changed.
    if (opts.version !== undefined && before.version !== opts.version)
      throw await versions.conflict(db, before.id, opts.version, {}, seenBy(req), before.version as number);
    await hooks.beforeDelete?.({ db, tenant, req, record: before });
    return { tenant, db, before };
  }

  /**
   * In a delete's transaction: the row held until the commit, so one changed meanwhile is not deleted
   * unseen (409 asked with a version, 404 when a parallel delete won), then the declared references to
   * it (409). Answers the version held.
   */
  async function holdForDelete(
    tx: Tx,
    req: FastifyRequest,
    before: Row,
    opts: ChangeOptions,
    tenant: string | null,
  ): Promise<number> {
    const version = await versions.lock(tx, before.id);
    if (version === null) throw notFound(decl.messages.notFound);
    if (opts.version !== undefined && version !== opts.version)
      throw await versions.conflict(tx, before.id, opts.version, {}, seenBy(req), version);
    const used = await usedBy(tx, mounted, decl, before.id, tenant);
    if (used) throw conflict(used);
    return version;
  }

  /**
   * The delete for good: a resource without a trash's delete, or a purge. A purge is a super admin's
   * only; it takes a live record (after the delete's refusals) or one in the trash, and is refused
   * while records in the trash still refer to it (409, never the foreign key's 500).
   */
  async function removeForGood(req: FastifyRequest, id: string, opts: ChangeOptions, purging: boolean): Promise<void> {
    if (purging) {
      caller(req, 'delete');
      trashOf();
      if (requireAuth(req).role !== SUPER_ADMIN) throw forbidden(say.purgeSuperAdminOnly);
    }
    const { tenant, db, before } = await deletable(req, id, opts, purging ? 'any' : 'live');
    const inTrash = purging ? await isTrashed(db, before.id) : false;
    const again = stillUsed(mounted, db, tenant, req, before);
    await writing(
      db,
      'delete',
      async (tx) => {
        const version = await holdForDelete(tx, req, before, opts, tenant);
        if (purging) {
          const kept = await usedBy(tx, mounted, decl, before.id, tenant, 'trashed');
          if (kept) throw conflict(kept);
        }
        await emptyAll(tx, req, before.id);
        const auditBefore = await audited(tx, { ...before, version });
        // A parallel delete that won: nothing left to delete.
        if ((await tx.delete(table).where(eq(q.id, before.id)).returning({ id: q.id })).length === 0)
          throw notFound(decl.messages.notFound);
        await dropFiles(tx, decl, [before.id]);
        // A record purged from the trash was audited whole when it was deleted; one purged live is audited whole now.
        const by = owner(tenant, before.id, auditBefore, null);
        if (purging)
          await audit(tx, req, by, 'purged', before.id, inTrash ? null : auditBefore, null, {
            ...opts.detail,
            from_trash: inTrash,
          });
        else await audit(tx, req, by, 'deleted', before.id, auditBefore, null, opts.detail ?? null);
      },
      // A foreign key a purge broke: a record in the trash (or one of a table no declaration names) still refers to it.
      purging
        ? async () =>
            (await again()) ??
            conflict((await usedBy(db, mounted, decl, before.id, tenant, 'trashed')) ?? say.usedElsewhere)
        : again,
    );
  }

  /** Whether the record is in the trash now. */
  async function isTrashed(db: Conn, id: string): Promise<boolean> {
    const columns = trashOf();
    return (
      (
        await db
          .select({ id: q.id })
          .from(table)
          .where(and(eq(q.id, id), isNotNull(columns.deletedAt)))
      ).length > 0
    );
  }

  return {
    caller,
    recordOr404,
    audited,
    /**
     * An import's set-based batch (./importBatch.ts) and a set-based bulk update (./bulkBatch.ts): the
     * checks and writes of many records at once, for a resource whose hooks need not see each row; null
     * otherwise (each row goes through create or update).
     */
    batch: setBased(decl, binding, hooks)
      ? {
          check: checkAll,
          write: batchWriter(decl, binding, q, versions, audited),
          lock: (tx: Tx, tenant: string | null, ids: readonly string[]) => q.findMany(tx, tenant, ids, true),
          conflict: (tx: Tx, req: FastifyRequest, id: string, since: number, sent: Body, current: number) =>
            versions.conflict(tx, id, since, sent, seenBy(req), current),
          /**
           * A bulk delete's move to the trash at once, where nothing but the generic delete applies: no
           * beforeDelete hook, no declared reference to the resource (whose 409s and emptying go record by
           * record); null otherwise. Asked per bulk: resources mount one after another.
           */
          trash: () =>
            hooks.beforeDelete ||
            mounted.referrers(decl.name, 'restrict').length > 0 ||
            mounted.referrers(decl.name, 'set null').length > 0
              ? null
              : trashBatch,
        }
      : null,

    /** A create or edit form: the declared groups with their options, as this caller gets them, filled in. */
    async form(db: Conn, tenant: string | null, req: FastifyRequest, record: Body | null) {
      const groups = formGroups(decl, {
        ...(await q.refOptions(db, tenant, record ?? {})),
        ...(await q.manyOptions(db)),
      });
      const fields = hooks.form ? await hooks.form({ db, tenant, req, groups, record }) : groups;
      const values = record ?? defaultsOf(decl);
      return withValues(fields, hooks.formValues ? hooks.formValues({ db, tenant, req, record, values }) : values);
    },

    /** Creates a record from a body as the create route accepts it; answers it as read. */
    async create(req: FastifyRequest, sent: Body, opts: ChangeOptions = {}): Promise<Row> {
      const { tenant, where } = caller(req, 'create');
      // An import's transaction, else the database (the write opens its own).
      const db: Conn = opts.tx ?? app.db;
      const { body, parsed } = await check(db, tenant, req, sent, null);
      // A records hook keeps the tenant its own way (users: a membership), not in a company_id column.
      const values = {
        ...columnsFrom<Body>(body, q.writable),
        ...(tenant && !hooks.records ? { companyId: tenant } : {}),
      };
      const { record, outcome } = await writing(
        db,
        'create',
        async (tx) => {
          await hooks.prepare?.({ db: tx, tenant, req, body, values, before: null, parsed });
          // The declared columns (as prepare left them) and the checkbox lists; a write hook composes with it.
          const generic = {
            async create() {
              const [row] = await tx.insert(table).values(values).returning({ id: q.id });
              await q.writeMany(tx, [{ id: row.id as string, body }]);
              return { id: row.id as string };
            },
          };
          let id: string;
          let outcome: WriteOutcome = {};
          if (hooks.write)
            ({ id, ...outcome } = await hooks.write.create({ db: tx, tenant, req, body, parsed, generic }));
          else ({ id } = await generic.create());
          await attachFiles(tx, decl, requireAuth(req).userId, id, body);
          await refsStillLive(tx, tenant, body);
          const created = await recordOr404(tx, tenant, req, id, where, false);
          const view = await audited(tx, created);
          const by = owner(tenant, created.id, null, view);
          await audit(tx, req, by, 'created', created.id, null, view, detailOf(outcome, opts));
          return { record: created, outcome };
        },
        refGone(db, tenant, body),
      );
      if (outcome.afterCommit) {
        if (opts.later) opts.later.push(() => outcome.afterCommit?.(record));
        else if (!opts.tx) outcome.afterCommit(record);
      }
      return record;
    },

    /** Updates a record from a body as the update route accepts it; answers it as read. */
    async update(req: FastifyRequest, id: string, sent: Body, opts: ChangeOptions = {}): Promise<Row> {
      const { tenant, where } = caller(req, 'update');
      // A bulk change's transaction, else the database (the write opens its own).
      const db: Conn = opts.tx ?? app.db;
      let before = await recordOr404(db, tenant, req, id, where);
      hooks.refuseChange?.({ db, tenant, req, record: before, action: 'update', body: sent });
      // Based on an older version: refused before anything is checked, with what changed since.
      if (opts.version !== undefined && before.version !== opts.version)
        throw await versions.conflict(db, before.id, opts.version, sent, seenBy(req), before.version as number);
      const { body, parsed } = await check(db, tenant, req, sent, before);
      const changes = { ...columnsFrom<Body>(body, q.writable), ...(q.updatedAt ? { [q.updatedAt]: new Date() } : {}) };
      const { record, outcome } = await writing(
        db,
        'update',
        async (tx) => {
          // First in the transaction: the row held until the commit, at the version the change is based on.
          const locked = await versions.lock(tx, before.id);
          if (locked === null) throw notFound(decl.messages.notFound);
          if (opts.version !== undefined && locked !== opts.version)
            throw await versions.conflict(tx, before.id, opts.version, sent, seenBy(req), locked);
          // Changed between the read above and the lock (a save without a version): the audit's before is the record as
          // it is now.
          if (locked !== before.version) before = await recordOr404(tx, tenant, req, before.id, where);
          await hooks.prepare?.({ db: tx, tenant, req, body, values: changes, before, parsed });
          const auditBefore = await audited(tx, before);
          const id = before.id;
          const generic = {
            async update() {
              await tx.update(table).set(changes).where(eq(q.id, id));
              await q.writeMany(tx, [{ id, body }]);
            },
          };
          let outcome: WriteOutcome = {};
          if (hooks.write) outcome = await hooks.write.update({ db: tx, tenant, req, body, parsed, before, generic });
          else await generic.update();
          await attachFiles(tx, decl, requireAuth(req).userId, id, body);
          await refsStillLive(tx, tenant, body);
          let after = await recordOr404(tx, tenant, req, before.id, where, false);
          // A save that changed something is a new version; one that changed nothing leaves it, so it disturbs no other
          // editor.
          if (Object.keys(diff(auditBefore, await audited(tx, after))).some((k) => k !== 'version'))
            after = { ...after, version: await versions.raise(tx, before.id) };
          const view = await audited(tx, after);
          const by = owner(tenant, before.id, auditBefore, view);
          await audit(tx, req, by, 'updated', before.id, auditBefore, view, detailOf(outcome, opts));
          return { record: after, outcome };
        },
        refGone(db, tenant, body),
      );
      if (outcome.afterCommit) {
        if (opts.later) opts.later.push(() => outcome.afterCommit?.(record));
        else if (!opts.tx) outcome.afterCommit(record);
      }
      return record;
    },

    /**
     * Deletes a record: the resource's own refusal, then the declared references' 409 (live records
     * only), then the move to the trash — or, for a resource without one, the delete for good.
     */
    async remove(req: FastifyRequest, id: string, opts: ChangeOptions = {}): Promise<void> {
      if (!trash) return removeForGood(req, id, opts, false);
      const columns = trash;
      const { tenant, db, before } = await deletable(req, id, opts, 'live');
      await writing(
        db,
        'delete',
        async (tx) => {
          // A create naming it waits for this lock (its foreign key), then finds it in the trash.
          const version = await holdForDelete(tx, req, before, opts, tenant);
          await emptyAll(tx, req, before.id);
          const auditBefore = await audited(tx, { ...before, version });
          const moved = await tx
            .update(table)
            .set({
              [columnKey(columns.deletedAt)]: sql`now()`,
              [columnKey(columns.deletedBy)]: requireAuth(req).userId,
            })
            .where(and(eq(q.id, before.id), isNull(columns.deletedAt)))
            .returning({ id: q.id });
          // A parallel delete that won: nothing left to delete.
          if (moved.length === 0) throw notFound(decl.messages.notFound);
          const by = owner(tenant, before.id, auditBefore, null);
          await audit(tx, req, by, 'deleted', before.id, auditBefore, null, { ...opts.detail, trash: true });
        },
        stillUsed(mounted, db, tenant, req, before),
      );
    },

    /**
     * Deletes a record for good (`DELETE …?purge=true`, super_admin only): a live one after the
     * delete's own refusals, one in the trash once nothing in the trash refers to it any more.
     */
    purge: (req: FastifyRequest, id: string, opts: ChangeOptions = {}) => removeForGood(req, id, opts, true),

    /**
     * Brings a record back from the trash, checked like a create of what it holds: the records it
     * refers to exist and are live (422), the resource's own rules (validate, prepare: 403, 409), a
     * name or slug unique among live records still free (409). Refused, nothing changes.
     */
    async restore(req: FastifyRequest, id: string): Promise<Row> {
      const columns = trashOf();
      const { tenant, where } = caller(req, 'delete');
      // Restoring is making the record again: whoever may not create one may not restore it.
      hooks.guard?.(req, 'create');
      const before = await findOne(app.db, tenant, req, id, where, true, 'trashed');
      if (!before) throw notFound(say.notInTrash);
      hooks.refuseChange?.({ db: app.db, tenant, req, record: before, action: 'delete', body: null });
      const { body, parsed } = await check(app.db, tenant, req, restoreBody(before), null);
      try {
        return await writing(
          app.db,
          'create',
          async (tx) => {
            if ((await versions.lock(tx, before.id)) === null) throw notFound(decl.messages.notFound);
            await hooks.prepare?.({ db: tx, tenant, req, body, values: {}, before: null, parsed });
            const back = await tx
              .update(table)
              .set({ [columnKey(columns.deletedAt)]: null, [columnKey(columns.deletedBy)]: null })
              .where(and(eq(q.id, before.id), isNotNull(columns.deletedAt)))
              .returning({ id: q.id });
            // A parallel restore or purge that won.
            if (back.length === 0) throw notFound(decl.messages.notFound);
            await refsStillLive(tx, tenant, body);
            const record = await recordOr404(tx, tenant, req, before.id, where, false);
            await audit(tx, req, owner(tenant, before.id, null, null), 'restored', before.id, null, null, {
              from: 'trash',
            });
            return record;
          },
          refGone(app.db, tenant, body),
        );
      } catch (err) {
        // A unique rule among live records (a name, a slug) another record now holds.
        if (!(err instanceof ApiError) && pgError(err).code === UNIQUE_VIOLATION)
          throw conflict(say.nameTaken(pgError(err).constraint));
        throw err;
      }
    },
  };
}

export type CrudOperations = ReturnType<typeof crudOperations>;
