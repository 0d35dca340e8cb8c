// The seven routes of a declared resource (docs/resources.md): list (./listRoute.ts), one and the
// create and edit forms (./readRoutes.ts), create, update and delete (./writeRoutes.ts), with the
// access rules of ../access.ts in each route's config (so the route table, authorization matrix and
// privilege matrix cover them), the declared messages and the OpenAPI entries (./routeTexts.ts). What
// each does (tenancy, validation, the write with its audit row) is in ./operations.ts, shared with the
// other capabilities that change records: the history (./history.ts), bulk changes (./bulk.ts) and,
// for a resource with a trash, its trash list, the restore and `DELETE …?purge=true` (./trash.ts,
// docs/resources.md "Trash").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hasTrash, type ResourceDecl, type RouteKey } from '../../contract/resources/declare';
import { areaKeyOf } from '../../contract/access';
import { accessRules } from '../http/routeAccess';
import type { CrudBinding, CrudHooks } from './binding';
import { mountedOn } from './dependents';
import { bulkRoute } from './bulk';
import { importRoutes } from './import';
import { historyRoutes } from './history';
import { listRoute } from './listRoute';
import { readRoutes } from './readRoutes';
import { trashRoutes } from './trash';
import { crudOperations } from './operations';
import { descriptionOf, summaries } from './routeTexts';
import type { CrudQueries } from './queries';
import type { CrudSchemas } from './schemas';
import { writeRoutes } from './writeRoutes';
import type { RouteContext } from './routeContext';

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

  return async (app) => {
    // Its references count when a record they point at is deleted (./dependents.ts).
    const mounted = mountedOn(app);
    mounted.add({
      decl,
      binding,
      scope: hooks.access && ((req) => hooks.access?.(req, 'view')),
      find: (db, tenant, id) => q.find(db, tenant, id),
    });
    const ops = crudOperations(app, decl, binding, hooks, q, mounted);
    const ctx: RouteContext<P> = { app, decl, hooks, q, schemas, ops, rules, tags, summary, described };

    listRoute(ctx);
    readRoutes(ctx);
    writeRoutes(ctx);

    if (hasTrash(decl)) trashRoutes(app, { decl, schemas, q, ops, rules, tags, summary });

    if (decl.history !== false) historyRoutes(app, { decl, hooks, schemas, ops, rules, tags });
    // Unless the declaration opts out (bulk: false): delete many, and update the declared fields of many.
    bulkRoute(app, { decl, schemas, ops, rules, tags });
    // Unless the declaration opts out (import: false): a CSV file's rows created or updated as a job.
    importRoutes(app, { decl, schemas, q, ops, rules, tags });
  };
}
