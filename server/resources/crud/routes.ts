// The seven routes of a declared resource (docs/resources.md): list, one, the create and edit forms,
// create, update and delete, with the access rules of ../access.ts in each route's config (so the
// route table, authorization matrix and privilege matrix cover them), tenancy, validation, the
// audit row in the change's transaction, the declared messages and the OpenAPI entries.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { eq, type SQL } from 'drizzle-orm';
import type { ResourceDecl, RouteKey } from '../../../contract/resources/declare';
import { areaKeyOf } from '../../../contract/access';
import { requireTenant } from '../../auth/guard';
import { conflict, notFound } from '../../errors';
import { EmptyData, formResponse } from '../../forms/schema';
import { withValues } from '../../forms/fields';
import { accessRules, type Action } from '../access';
import { auditChange } from '../audit';
import type { Conn } from '../db';
import { FieldErrors, MSG } from '../errors';
import { answerList, ListQuery, listResponse, sendList } from '../lists';
import { wholeListContext } from '../wholeLists';
import { errorResponses, IdParams, MessageResponse, mutationResponse } from '../schemas';
import { columnsFrom, requiredText } from '../values';
import type { CrudBinding, CrudHooks, WriteOutcome } from './binding';
import { emptyReferences, mountedOn, usedBy } from './dependents';
import { applyConditions } from './conditions';
import { defaultsOf, formGroups } from './form';
import { trimKinds } from './kinds';
import { checkMoney } from './money';
import { inOptionOrder } from './multiChoice';
import { filterProperties } from './filters';
import type { CrudQueries } from './queries';
import type { CrudSchemas } from './schemas';
import { writeSteps } from './writing';

const LIST_DESCRIPTION = 'The whole list, or a page of it with `page`/`per_page` (and `sort`, `q`, `q_in`), answered with `meta.total`.';

function summaries(decl: ResourceDecl): Record<RouteKey, string> {
  const { one, many } = decl.noun;
  const a = decl.noun.article ?? 'a';
  const scoped = decl.tenancy === 'scoped';
  return {
    list: scoped ? `The ${many} of the X-Tenant company` : `Every ${one}`,
    createForm: `Fields of the ${one} create form`,
    one: `One ${one}`,
    editForm: `The ${one} and its edit form filled in`,
    create: scoped ? `Create ${a} ${one} in the X-Tenant company` : `Create ${a} ${one}`,
    update: `Update ${a} ${one}`,
    delete: `Delete ${a} ${one}`,
    ...decl.summaries,
  };
}
/** A route's OpenAPI description: the declared one ('' for none), else the list's about paging. */
function descriptionOf(decl: ResourceDecl, key: RouteKey): string | undefined {
  const declared = decl.descriptions?.[key];
  if (declared !== undefined) return declared === '' ? undefined : declared;
  return key === 'list' ? LIST_DESCRIPTION : undefined;
}

type Body = Record<string, unknown>;

export function crudRoutes<P>(decl: ResourceDecl, binding: CrudBinding, hooks: CrudHooks<P>, q: CrudQueries, schemas: CrudSchemas): FastifyPluginAsyncTypebox {
  // One permission for every route when the declaration names one (reports.manage), else {area}.{action}.
  const rules = accessRules(areaKeyOf(decl), decl.tenancy, decl.permission ? { permission: decl.permission } : {});
  const tags = [decl.name];
  const summary = summaries(decl);
  const described = (key: RouteKey) => descriptionOf(decl, key);
  const path = decl.path;
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
  /** The record as the audit row keeps it: the auditView hook's, else the record itself. */
  const audited = async (conn: Conn, record: Body & { id: string }) => (hooks.auditView ? hooks.auditView({ db: conn, id: record.id }) : record);

  /** One record: the records hook's (reach false: just written by this request), else the bound table's. */
  const findOne = async (db: Conn, tenant: string | null, req: FastifyRequest, id: string, where: SQL | undefined, reach = true) => {
    if (!hooks.records) return q.find(db, tenant, id, where);
    return (await hooks.records.find({ db, tenant, req, id, reach })) as (Body & { id: string }) | null;
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
  const form = async (db: Conn, tenant: string | null, req: FastifyRequest, record: Body | null) => {
    const groups = formGroups(decl, { ...(await q.refOptions(db, tenant, record ?? {})), ...(await q.manyOptions(db)) });
    const fields = hooks.form ? await hooks.form({ db, tenant, req, groups, record }) : groups;
    return withValues(fields, hooks.formValues ? hooks.formValues({ db, tenant, req, record }) : (record ?? defaultsOf(decl)));
  };
  // Drizzle types insert/update values per table; these are the declared columns of this one, checked at start.
  const table = binding.table as typeof binding.table & { $inferInsert: Body };
  const filterQuery = filterProperties(decl);
  const listQuery =
    hooks.listQuery || Object.keys(filterQuery).length > 0 ? Type.Object({ ...ListQuery.properties, ...filterQuery, ...hooks.listQuery?.properties }) : ListQuery;
  const listAccess = hooks.listQuery?.allowAll ? { access: { ...rules('view').access, allowAll: true } } : rules('view');

  // Trims the email, tel, url and date fields and makes a blank optional one null, before validation;
  // bodies of a resource's own (the bodies hook: users) are left as sent.
  const preValidation = hooks.bodies ? [] : [trimKinds(decl)];

  return async (app) => {
    // Its references count when a record they point at is deleted (./dependents.ts).
    const mounted = mountedOn(app);
    mounted.add({ decl, binding });

    app.get(
      path,
      { schema: { tags, summary: summary.list, description: described('list'), querystring: listQuery, response: { 200: listResponse(schemas.read), ...errorResponses } }, config: listAccess },
      async (req, reply) => {
        const query = req.query as Body;
        // authorize() let `?all=true` through for a super_admin only (RouteAccess.allowAll).
        const { tenant, where } = caller(req, 'view', hooks.listQuery?.allowAll === true && query.all === true);
        if (hooks.records) {
          const { plan, rows, ...total } = await hooks.records.list({ db: app.db, tenant, req, query, whole: wholeListContext(req, reply) });
          return answerList(plan, rows as Body[], total);
        }
        // The caller and the request's close reach an unpaged list's limits (../wholeLists.ts).
        const { plan, ...list } = await q.list(app.db, tenant, query, where, wholeListContext(req, reply));
        return sendList(reply, plan, list);
      },
    );

    app.get(
      `${path}/create`,
      { schema: { tags, summary: summary.createForm, description: described('createForm'), response: { 200: formResponse(EmptyData), ...errorResponses } }, config: rules('create') },
      async (req) => ({ data: {}, fields: await form(app.db, caller(req, 'create').tenant, req, null) }),
    );

    app.get(
      `${path}/:id`,
      { schema: { tags, summary: summary.one, description: described('one'), params: IdParams, response: { 200: Type.Object({ data: schemas.read }), ...errorResponses } }, config: rules('view') },
      async (req) => {
        const { tenant, where } = caller(req, 'view');
        return { data: await recordOr404(app.db, tenant, req, req.params.id, where) };
      },
    );

    app.get(
      `${path}/:id/edit`,
      { schema: { tags, summary: summary.editForm, description: described('editForm'), params: IdParams, response: { 200: formResponse(schemas.edit), ...errorResponses } }, config: rules('update') },
      async (req) => {
        const { tenant, where } = caller(req, 'update');
        const record = await recordOr404(app.db, tenant, req, req.params.id, where);
        const more = hooks.edit ? await hooks.edit.data({ db: app.db, tenant, record }) : {};
        return { data: { ...record, ...more }, fields: await form(app.db, tenant, req, record) };
      },
    );

    app.post(
      path,
      { schema: { tags, summary: summary.create, description: described('create'), body: schemas.create, response: { 201: mutationResponse(schemas.read), ...errorResponses } }, config: rules('create'), preValidation },
      async (req, reply) => {
        const { tenant, where } = caller(req, 'create');
        const { body, parsed } = await check(app.db, tenant, req, req.body as Body, null);
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
          await audit(tx, req, 'created', created.id, null, await audited(tx, created), outcome.detail);
          return { record: created, outcome };
        }, refGone(app.db, tenant, body));
        outcome.afterCommit?.(record);
        reply.code(201);
        return { data: { message: decl.messages.created, ...record } };
      },
    );

    app.put(
      `${path}/:id`,
      {
        schema: { tags, summary: summary.update, description: described('update'), params: IdParams, body: schemas.update, response: { 200: mutationResponse(schemas.read), ...errorResponses } },
        config: rules('update'),
        preValidation,
      },
      async (req) => {
        const { tenant, where } = caller(req, 'update');
        const before = await recordOr404(app.db, tenant, req, req.params.id, where);
        hooks.refuseChange?.({ db: app.db, tenant, req, record: before, action: 'update' });
        const { body, parsed } = await check(app.db, tenant, req, req.body as Body, before);
        const changes = { ...columnsFrom<Body>(body, q.writable), ...(q.updatedAt ? { [q.updatedAt]: new Date() } : {}) };
        const { record, outcome } = await writing(app.db, 'update', async (tx) => {
          await hooks.prepare?.({ db: tx, tenant, req, body, values: changes, before, parsed });
          const auditBefore = await audited(tx, before);
          let outcome: WriteOutcome = {};
          if (hooks.write) outcome = await hooks.write.update({ db: tx, tenant, req, body, parsed, before });
          else {
            await tx.update(table).set(changes).where(eq(q.id, before.id));
            await q.writeMany(tx, before.id, body);
          }
          const after = await recordOr404(tx, tenant, req, before.id, where, false);
          await audit(tx, req, 'updated', before.id, auditBefore, await audited(tx, after), outcome.detail);
          return { record: after, outcome };
        }, refGone(app.db, tenant, body));
        outcome.afterCommit?.(record);
        return { data: { message: decl.messages.updated, ...record } };
      },
    );

    app.delete(
      `${path}/:id`,
      { schema: { tags, summary: summary.delete, description: described('delete'), params: IdParams, response: { 200: MessageResponse, ...errorResponses } }, config: rules('delete') },
      async (req) => {
        const { tenant, where } = caller(req, 'delete');
        const before = await recordOr404(app.db, tenant, req, req.params.id, where);
        hooks.refuseChange?.({ db: app.db, tenant, req, record: before, action: 'delete' });
        await hooks.beforeDelete?.({ db: app.db, tenant, req, record: before });
        const id = before.id;
        await writing(
          app.db,
          'delete',
          async (tx) => {
            // The resource's own refusal first (beforeDelete), then the declared references to it.
            const used = await usedBy(tx, mounted, decl, id, tenant);
            if (used) throw conflict(used);
            // Each emptied record is changed too: its own audit row says what it lost and why.
            for (const e of await emptyReferences(tx, mounted, decl, id)) {
              await auditChange(tx, req, {
                action: `${e.decl.noun.one}.updated`,
                entity: e.decl.noun.one,
                entityId: e.id,
                before: { [e.field]: id },
                after: { [e.field]: null },
                detail: { reason: `The ${decl.noun.one} it referred to was deleted.` },
              });
            }
            const auditBefore = await audited(tx, before);
            // A parallel delete that won: nothing left to delete.
            if ((await tx.delete(table).where(eq(q.id, id)).returning({ id: q.id })).length === 0) throw notFound(decl.messages.notFound);
            await audit(tx, req, 'deleted', id, auditBefore, null);
          },
          stillUsed(mounted, app.db, tenant, req, before),
        );
        return { data: { message: decl.messages.deleted } };
      },
    );
  };
}
