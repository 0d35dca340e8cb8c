// What a declared resource's routes do, as functions of a request (docs/resources.md): who asks,
// one record or 404, the checks of a create or update, the forms, and the create, update and delete
// with their audit rows in one transaction. The routes (./routes.ts) call them; so does every
// capability built on the declaration that changes records (a restore from history goes through
// the very update an edit does), so a rule added here holds for all of them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, type SQL } from 'drizzle-orm';
import type { ResourceDecl } from '../../../contract/resources/declare';
import { requireTenant } from '../../auth/guard';
import { conflict, notFound } from '../../errors';
import { withValues } from '../../forms/fields';
import type { Action } from '../access';
import { diff } from '../../audit';
import { auditChange } from '../audit';
import type { Conn, Tx } from '../db';
import { FieldErrors, MSG } from '../errors';
import { columnsFrom, requiredText } from '../values';
import type { CrudBinding, CrudHooks, WriteOutcome } from './binding';
import { applyConditions } from './conditions';
import { emptyReferences, usedBy, type MountedResources } from './dependents';
import { defaultsOf, formGroups } from './form';
import { checkMoney } from './money';
import { inOptionOrder } from './multiChoice';
import type { CrudQueries } from './queries';
import { recordVersions } from './versions';
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
   * Update and delete: run inside this transaction, as a savepoint of it (a bulk change, ./bulk.ts):
   * every read, check and write on it, nothing committed here. A refusal rolls back the savepoint
   * only; the caller commits or rolls back the whole. Each record's afterCommit step is handed to
   * `later`, for the caller to run once it has committed.
   */
  tx?: Tx;
  later?: (() => void)[];
}

export function crudOperations<P>(app: FastifyInstance, decl: ResourceDecl, binding: CrudBinding, hooks: CrudHooks<P>, q: CrudQueries, mounted: MountedResources) {
  const tenantOf = (req: FastifyRequest) => (decl.tenancy === 'scoped' ? requireTenant(req) : null);
  /**
   * Who asks: the guard hook's verdict first, then the tenant and the caller's reach (scope hook).
   * `everyone`: a super_admin's `?all=true` list (listQuery.allowAll), with no tenant.
   */
  const caller = (req: FastifyRequest, action: Action, everyone = false) => {
    hooks.guard?.(req, action);
    return { tenant: everyone ? null : tenantOf(req), where: hooks.scope?.(req) };
  };
  const audit = (conn: Conn, req: FastifyRequest, action: string, id: string, before: Body | null, after: Body | null, detail?: Body | null) =>
    auditChange(conn, req, { action: `${decl.noun.one}.${action}`, entity: decl.noun.one, entityId: id, before, after, detail });
  /**
   * The record as the audit row keeps it: the auditView hook's, else the record itself; always with
   * its version, so each row says which version its change made (what a conflict's diff reads).
   */
  const audited = async (conn: Conn, record: Row) => ({ ...(hooks.auditView ? await hooks.auditView({ db: conn, id: record.id }) : record), version: record.version });
  const versions = recordVersions(decl, binding.table, Object.keys(hooks.computed ?? {}));
  /** The outcome's detail and the change's own, together (null when neither says anything). */
  const detailOf = (outcome: WriteOutcome, opts: ChangeOptions) => (outcome.detail || opts.detail ? { ...outcome.detail, ...opts.detail } : null);

  /** One record: the records hook's (reach false: just written by this request), else the bound table's. */
  const findOne = async (db: Conn, tenant: string | null, req: FastifyRequest, id: string, where: SQL | undefined, reach = true) => {
    if (!hooks.records) return q.find(db, tenant, id, where);
    return (await hooks.records.find({ db, tenant, req, id, reach })) as Row | null;
  };
  const recordOr404 = async (db: Conn, tenant: string | null, req: FastifyRequest, id: string, where?: SQL, reach = true) => {
    const record = await findOne(db, tenant, req, id, where, reach);
    if (!record) throw notFound(decl.messages.notFound);
    return record;
  };

  /**
   * What the schema cannot check: conditional fields (cleared when hidden, required while shown),
   * required text that is blank once trimmed, a money amount's range, references outside the company,
   * checkbox-list values not among the options, the hooks' own. Answers the body with each checkbox
   * list trimmed and without repeats and each multi-choice in the options' order (what is written),
   * and what the validate hook read.
   */
  const check = async (db: Conn, tenant: string | null, req: FastifyRequest, sent: Body, before: Body | null): Promise<{ body: Body; parsed: P }> => {
    const errors = new FieldErrors();
    const body = { ...sent };
    const options = await q.manyOptions(db);
    // First, so a hidden field's value (cleared) is checked no further.
    applyConditions(decl, body, before, errors);
    for (const [name, f] of Object.entries(decl.fields)) {
      if (f.required && (f.type === 'text' || f.type === 'textarea' || f.type === 'email') && body[name] !== undefined) requiredText(errors, name, body[name] as string);
      if (f.type === 'money') checkMoney(errors, name, f, body[name]);
      if (f.type === 'multichoice' && body[name] !== undefined) body[name] = inOptionOrder(f, body[name]);
      if (!('many' in f) || !Array.isArray(body[name])) continue;
      const values = [...new Set((body[name] as string[]).map((v) => v.trim()).filter((v) => v !== ''))];
      for (const v of values) if (!Object.hasOwn(options[name], v)) errors.add(name, f.many.unknown.replace('{value}', v));
      body[name] = values;
    }
    for (const bad of await q.badRefs(db, tenant, body)) errors.add(bad.field, MSG.selectedInvalid(bad.as));
    // What validate answers is handed on as it is; without a validate hook there is nothing to hand on.
    const parsed = (await hooks.validate?.({ db, tenant, req, body, errors, before })) as P;
    errors.throwIfAny();
    return { body, parsed };
  };

  const { writing, refGone, stillUsed } = writeSteps(decl, hooks, q);
  // Drizzle types insert/update values per table; these are the declared columns of this one, checked at start.
  const table = binding.table as typeof binding.table & { $inferInsert: Body };

  return {
    caller,
    recordOr404,

    /** A create or edit form: the declared groups with their options, as this caller gets them, filled in. */
    async form(db: Conn, tenant: string | null, req: FastifyRequest, record: Body | null) {
      const groups = formGroups(decl, { ...(await q.refOptions(db, tenant, record ?? {})), ...(await q.manyOptions(db)) });
      const fields = hooks.form ? await hooks.form({ db, tenant, req, groups, record }) : groups;
      return withValues(fields, hooks.formValues ? hooks.formValues({ db, tenant, req, record }) : (record ?? defaultsOf(decl)));
    },

    /** Creates a record from a body as the create route accepts it; answers it as read. */
    async create(req: FastifyRequest, sent: Body, opts: ChangeOptions = {}): Promise<Row> {
      const { tenant, where } = caller(req, 'create');
      const { body, parsed } = await check(app.db, tenant, req, sent, null);
      const values = { ...columnsFrom<Body>(body, q.writable), ...(tenant ? { companyId: tenant } : {}) };
      const { record, outcome } = await writing(app.db, 'create', async (tx) => {
        await hooks.prepare?.({ db: tx, tenant, req, body, values, before: null, parsed });
        let id: string;
        let outcome: WriteOutcome = {};
        if (hooks.write) ({ id, ...outcome } = await hooks.write.create({ db: tx, tenant, req, body, parsed }));
        else {
          const [row] = await tx.insert(table).values(values).returning({ id: q.id });
          id = row.id as string;
          await q.writeMany(tx, id, body);
        }
        const created = await recordOr404(tx, tenant, req, id, where, false);
        await audit(tx, req, 'created', created.id, null, await audited(tx, created), detailOf(outcome, opts));
        return { record: created, outcome };
      }, refGone(app.db, tenant, body));
      outcome.afterCommit?.(record);
      return record;
    },

    /** Updates a record from a body as the update route accepts it; answers it as read. */
    async update(req: FastifyRequest, id: string, sent: Body, opts: ChangeOptions = {}): Promise<Row> {
      const { tenant, where } = caller(req, 'update');
      // A bulk change's transaction, else the database (the write opens its own).
      const db: Conn = opts.tx ?? app.db;
      let before = await recordOr404(db, tenant, req, id, where);
      hooks.refuseChange?.({ db, tenant, req, record: before, action: 'update' });
      // Based on an older version: refused before anything is checked, with what changed since.
      if (opts.version !== undefined && before.version !== opts.version) throw await versions.conflict(db, before.id, opts.version, sent, before.version as number);
      const { body, parsed } = await check(db, tenant, req, sent, before);
      const changes = { ...columnsFrom<Body>(body, q.writable), ...(q.updatedAt ? { [q.updatedAt]: new Date() } : {}) };
      const { record, outcome } = await writing(db, 'update', async (tx) => {
        // First in the transaction: the row held until the commit, at the version the change is based on.
        const locked = await versions.lock(tx, before.id);
        if (locked === null) throw notFound(decl.messages.notFound);
        if (opts.version !== undefined && locked !== opts.version) throw await versions.conflict(tx, before.id, opts.version, sent, locked);
        // Changed between the read above and the lock (a save without a version): the audit's before is the record as it is now.
        if (locked !== before.version) before = await recordOr404(tx, tenant, req, before.id, where);
        await hooks.prepare?.({ db: tx, tenant, req, body, values: changes, before, parsed });
        const auditBefore = await audited(tx, before);
        let outcome: WriteOutcome = {};
        if (hooks.write) outcome = await hooks.write.update({ db: tx, tenant, req, body, parsed, before });
        else {
          await tx.update(table).set(changes).where(eq(q.id, before.id));
          await q.writeMany(tx, before.id, body);
        }
        let after = await recordOr404(tx, tenant, req, before.id, where, false);
        // A save that changed something is a new version; one that changed nothing leaves it, so it disturbs no other editor.
        if (Object.keys(diff(auditBefore, await audited(tx, after))).some((k) => k !== 'version')) after = { ...after, version: await versions.raise(tx, before.id) };
        await audit(tx, req, 'updated', before.id, auditBefore, await audited(tx, after), detailOf(outcome, opts));
        return { record: after, outcome };
      }, refGone(db, tenant, body));
      if (outcome.afterCommit) {
        if (opts.later) opts.later.push(() => outcome.afterCommit?.(record));
        else if (!opts.tx) outcome.afterCommit(record);
      }
      return record;
    },

    /** Deletes a record: the resource's own refusal, then the declared references' 409, then the delete. */
    async remove(req: FastifyRequest, id: string, opts: ChangeOptions = {}): Promise<void> {
      const { tenant, where } = caller(req, 'delete');
      // A bulk change's transaction, else the database (the write opens its own).
      const db: Conn = opts.tx ?? app.db;
      const before = await recordOr404(db, tenant, req, id, where);
      hooks.refuseChange?.({ db, tenant, req, record: before, action: 'delete' });
      // Deleting a record that changed since it was shown asks again: 409 with what changed.
      if (opts.version !== undefined && before.version !== opts.version) throw await versions.conflict(db, before.id, opts.version, {}, before.version as number);
      await hooks.beforeDelete?.({ db, tenant, req, record: before });
      await writing(
        db,
        'delete',
        async (tx) => {
          // The row held until the commit; changed meanwhile, it is not deleted unseen.
          const version = await versions.lock(tx, before.id);
          if (version === null) throw notFound(decl.messages.notFound);
          if (opts.version !== undefined && version !== opts.version) throw await versions.conflict(tx, before.id, opts.version, {}, version);
          // The resource's own refusal first (beforeDelete), then the declared references to it.
          const used = await usedBy(tx, mounted, decl, before.id, tenant);
          if (used) throw conflict(used);
          // Each emptied record is changed too: its own audit row says what it lost and why.
          for (const e of await emptyReferences(tx, mounted, decl, before.id)) {
            await auditChange(tx, req, {
              action: `${e.decl.noun.one}.updated`,
              entity: e.decl.noun.one,
              entityId: e.id,
              before: { [e.field]: before.id, version: e.version - 1 },
              after: { [e.field]: null, version: e.version },
              detail: { reason: `The ${decl.noun.one} it referred to was deleted.` },
            });
          }
          const auditBefore = await audited(tx, { ...before, version });
          // A parallel delete that won: nothing left to delete.
          if ((await tx.delete(table).where(eq(q.id, before.id)).returning({ id: q.id })).length === 0) throw notFound(decl.messages.notFound);
          await audit(tx, req, 'deleted', before.id, auditBefore, null, opts.detail ?? null);
        },
        stillUsed(mounted, db, tenant, req, before),
      );
    },
  };
}

export type CrudOperations = ReturnType<typeof crudOperations>;
