// A declared resource's list route (docs/resources.md): `GET /{name}`, the tenant's records paged,
// sorted, searched and filtered, or the whole list; a records hook's every company with a super_admin's
// `?all=true`.
import { Type, type TProperties } from 'typebox';
import { answerList, ListQuery, listResponse, sendList } from '../lists/lists';
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
}
