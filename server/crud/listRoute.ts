// A declared resource's list route (docs/resources.md): `GET /{name}`, the tenant's records paged,
// sorted, searched and filtered, or the whole list; every company's with a super_admin's `?all=true`
// where the declaration says `everyCompany`.
import { Type, type TProperties } from 'typebox';
import { answerList, ListQuery, listResponse, sendList } from '../lists/lists';
import { parseRows } from '../lists/listRows';
import { EVERY_COMPANY } from '../db/tenantScope';
import { wholeListContext } from '../lists/wholeLists';
import { errorResponses } from '../http/schemas';
import { filterProperties } from './filters';
import type { RouteContext } from './routeContext';

type Body = Record<string, unknown>;

export function listRoute<P>({
  app,
  decl,
  hooks,
  q,
  schemas,
  ops,
  rules,
  tags,
  summary,
  described,
}: RouteContext<P>): void {
  const filterQuery = filterProperties(decl);
  // Every company: `?all=true`, a super_admin's only (RouteAccess.allowAll).
  const everyCompany = decl.everyCompany === true;
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
  const { caller } = ops;
  const path = decl.path;

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
      const all = everyCompany && query.all === true;
      const { tenant, where } = caller(req, 'view', all);
      // The caller and the request's close reach an unpaged list's limits (../wholeLists.ts).
      const { plan, ...list } = await q.list(
        app.db,
        all ? EVERY_COMPANY : tenant,
        query,
        where,
        wholeListContext(req, reply),
      );
      // Rows shaped for the caller are parsed and answered again; others leave as PostgreSQL wrote them.
      if (hooks.afterRead) {
        const rows = parseRows<Body>(list.json).map((record) => ops.shaped(req, record));
        return answerList(plan, rows, list);
      }
      return sendList(reply, plan, list);
    },
  );
}
