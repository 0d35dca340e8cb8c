// The seven routes of a declared resource (docs/resources.md): list, one, the create and edit forms,
// create, update and delete, with the access rules of ../access.ts in each route's config (so the
// route table, authorization matrix and privilege matrix cover them), the declared messages and the
// OpenAPI entries. What each does (tenancy, validation, the write with its audit row) is in
// ./operations.ts, shared with the other capabilities that change records: the history
// (./history.ts), bulk changes (./bulk.ts) and, for a resource with a trash, its trash list, the
// restore and `DELETE …?purge=true` (./trash.ts, docs/resources.md "Trash").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TProperties } from 'typebox';
import { hasTrash, type ResourceDecl, type RouteKey } from '../../contract/resources/declare';
import { areaKeyOf } from '../../contract/access';
import { EmptyData, formResponse } from '../forms/schema';
import { accessRules } from '../http/routeAccess';
import { answerList, ListQuery, listResponse, sendList } from '../lists/lists';
import { wholeListContext } from '../lists/wholeLists';
import { errorResponses, IdParams, MessageResponse, mutationResponse } from '../http/schemas';
import type { CrudBinding, CrudHooks } from './binding';
import { mountedOn } from './dependents';
import { trimKinds } from './kinds';
import { filterProperties } from './filters';
import { bulkRoute } from './bulk';
import { importRoutes } from './import';
import { historyRoutes } from './history';
import { PurgeQuery, trashRoutes } from './trash';
import { crudOperations } from './operations';
import { conflictResponse, etagOf, ifMatchVersion, IfMatchHeaders } from './versions';
import type { CrudQueries } from './queries';
import type { CrudSchemas } from './schemas';

const LIST_DESCRIPTION =
  'The whole list, or a page of it with `page`/`per_page` (and `sort`, `q`, `q_in`), answered with `meta.total`.';
const DELETE_DESCRIPTION =
  'The record moves to the trash, restorable until OLYMPUS_TRASH_DAYS have passed; refused (409) while live records refer to it. `?purge=true` (super_admin only) deletes it for good, from the trash or not, once nothing in the trash refers to it.';

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
    delete: hasTrash(decl)
      ? `Move ${a} ${one} to the trash (?purge=true: delete it forever, super_admin only)`
      : `Delete ${a} ${one}`,
    trash: scoped ? `The ${many} in the trash of the X-Tenant company` : `The ${many} in the trash`,
    restore: `Restore ${a} ${one} from the trash`,
    ...decl.summaries,
  };
}
/** A route's OpenAPI description: the declared one ('' for none), else the list's about paging. */
function descriptionOf(decl: ResourceDecl, key: RouteKey): string | undefined {
  const declared = decl.descriptions?.[key];
  if (declared !== undefined) return declared === '' ? undefined : declared;
  return key === 'list' ? LIST_DESCRIPTION : key === 'delete' && hasTrash(decl) ? DELETE_DESCRIPTION : undefined;
}

type Body = Record<string, unknown>;

export function crudRoutes<P>(
  decl: ResourceDecl,
  binding: CrudBinding,
  hooks: CrudHooks<P>,
  q: CrudQueries,
  schemas: CrudSchemas,
): FastifyPluginAsyncTypebox {
  // One permission for every route when the declaration names one (reports.manage), else {area}.{action}.
  const rules = accessRules(areaKeyOf(decl), decl.tenancy, decl.permission ? { permission: decl.permission } : {});
  const tags = [decl.name];
  const summary = summaries(decl);
  const described = (key: RouteKey) => descriptionOf(decl, key);
  const path = decl.path;
  const filterQuery = filterProperties(decl);
  // A records hook's every company: `?all=true`, a super_admin's only (RouteAccess.allowAll), read with tenant null.
  const everyCompany = hooks.records?.everyCompany === true;
  const allQuery: TProperties = everyCompany
    ? {
        all: Type.Optional(
          Type.Boolean({ description: `true: every ${decl.noun.one} of every company (super_admin only)` }),
        ),
      }
    : {};
  const listQuery =
    everyCompany || Object.keys(filterQuery).length > 0
      ? Type.Object({ ...ListQuery.properties, ...filterQuery, ...allQuery })
      : ListQuery;
  const listAccess = everyCompany ? { access: { ...rules('view').access, allowAll: true } } : rules('view');

  // Trims the email, tel, url and date fields and makes a blank optional one null, before validation
  // (the declared fields are in every body, the bodies hook only extends them).
  const preValidation = [trimKinds(decl)];

  return async (app) => {
    // Its references count when a record they point at is deleted (./dependents.ts).
    const mounted = mountedOn(app);
    mounted.add({
      decl,
      binding,
      scope: hooks.access && ((req) => hooks.access?.(req, 'view')),
      find: (db, tenant, id) => q.find(db, tenant, id),
    });
    const { caller, recordOr404, form, ...ops } = crudOperations(app, decl, binding, hooks, q, mounted);

    app.get(
      path,
      {
        schema: {
          tags,
          summary: summary.list,
          description: described('list'),
          querystring: listQuery,
          response: { 200: listResponse(schemas.read), ...errorResponses },
        },
        config: listAccess,
      },
      async (req, reply) => {
        const query = req.query as Body;
        // authorize() let `?all=true` through for a super_admin only (RouteAccess.allowAll).
        const { tenant, where } = caller(req, 'view', everyCompany && query.all === true);
        if (hooks.records) {
          const { plan, rows, ...total } = await hooks.records.list({
            db: app.db,
            tenant,
            req,
            query,
            whole: wholeListContext(req, reply),
          });
          return answerList(plan, rows as Body[], total);
        }
        // The caller and the request's close reach an unpaged list's limits (../wholeLists.ts).
        const { plan, ...list } = await q.list(app.db, tenant, query, where, wholeListContext(req, reply));
        return sendList(reply, plan, list);
      },
    );

    app.get(
      `${path}/create`,
      {
        schema: {
          tags,
          summary: summary.createForm,
          description: described('createForm'),
          response: { 200: formResponse(EmptyData), ...errorResponses },
        },
        config: rules('create'),
      },
      async (req) => ({ data: {}, fields: await form(app.db, caller(req, 'create').tenant, req, null) }),
    );

    app.get(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: summary.one,
          description: described('one'),
          params: IdParams,
          response: { 200: Type.Object({ data: schemas.read }), ...errorResponses },
        },
        config: rules('view'),
      },
      async (req, reply) => {
        const { tenant, where } = caller(req, 'view');
        const record = await recordOr404(app.db, tenant, req, req.params.id, where);
        reply.header('etag', etagOf(record.version));
        return { data: record };
      },
    );

    app.get(
      `${path}/:id/edit`,
      {
        schema: {
          tags,
          summary: summary.editForm,
          description: described('editForm'),
          params: IdParams,
          response: { 200: formResponse(schemas.edit), ...errorResponses },
        },
        config: rules('update'),
      },
      async (req, reply) => {
        const { tenant, where } = caller(req, 'update');
        const record = await recordOr404(app.db, tenant, req, req.params.id, where);
        reply.header('etag', etagOf(record.version));
        const more = hooks.edit ? await hooks.edit.data({ db: app.db, tenant, record }) : {};
        return { data: { ...record, ...more }, fields: await form(app.db, tenant, req, record) };
      },
    );

    app.post(
      path,
      {
        schema: {
          tags,
          summary: summary.create,
          description: described('create'),
          body: schemas.create,
          response: { 201: mutationResponse(schemas.read), ...errorResponses },
        },
        config: rules('create'),
        preValidation,
      },
      async (req, reply) => {
        const record = await ops.create(req, req.body as Body);
        reply.code(201);
        return { data: { message: decl.messages.created, ...record } };
      },
    );

    app.put(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: summary.update,
          description: described('update'),
          params: IdParams,
          headers: IfMatchHeaders,
          body: schemas.update,
          response: { 200: mutationResponse(schemas.read), ...errorResponses, ...conflictResponse },
        },
        config: rules('update'),
        preValidation,
      },
      async (req) => {
        // The version the change is based on: If-Match, else the body's (not a field to write).
        const { version, ...body } = req.body as Body;
        const record = await ops.update(req, req.params.id, body, {
          version: ifMatchVersion(req.headers['if-match']) ?? (version as number | undefined),
        });
        return { data: { message: decl.messages.updated, ...record } };
      },
    );

    const trash = hasTrash(decl);
    app.delete(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: summary.delete,
          description: described('delete'),
          params: IdParams,
          ...(trash ? { querystring: PurgeQuery } : {}),
          headers: IfMatchHeaders,
          response: { 200: MessageResponse, ...errorResponses, ...conflictResponse },
        },
        // `?purge=true` is a super admin's only, checked with the route's rules (../access.ts).
        config: trash ? { access: { ...rules('delete').access, purgeSuperAdminOnly: true } } : rules('delete'),
      },
      async (req) => {
        const version = ifMatchVersion(req.headers['if-match']);
        if (trash && (req.query as { purge?: boolean }).purge === true) {
          await ops.purge(req, req.params.id, { version });
          return { data: { message: `The ${decl.noun.one} has been deleted forever` } };
        }
        // The delete says what it always said, whether the record went to the trash or for good.
        await ops.remove(req, req.params.id, { version });
        return { data: { message: decl.messages.deleted } };
      },
    );

    if (trash) trashRoutes(app, { decl, schemas, q, ops: { caller, recordOr404, form, ...ops }, rules, tags, summary });

    if (decl.history !== false)
      historyRoutes(app, { decl, hooks, schemas, ops: { caller, recordOr404, form, ...ops }, rules, tags });
    // Unless the declaration opts out (bulk: false): delete many, and update the declared fields of many.
    bulkRoute(app, { decl, schemas, ops: { caller, recordOr404, form, ...ops }, rules, tags });
    // Unless the declaration opts out (import: false): a CSV file's rows created or updated as a job.
    importRoutes(app, { decl, schemas, q, ops: { caller, recordOr404, form, ...ops }, rules, tags });
  };
}
