// A declared resource's trash (docs/resources.md "Trash"): the records deleted within
// OLYMPUS_TRASH_DAYS, newest deletion first, with who deleted them and when; and the restore, checked
// like a create (./operations.ts). Who may: whoever may delete the resource's records (the trash undoes
// their deletes); `DELETE /{name}/{id}?purge=true` deletes for good, a super admin's only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ResourceDecl, RouteKey } from '../../contract/resources/declare';
import { TRASH_PER_PAGE_MAX } from '../../contract/trash';
import type { RouteAccess } from '../http/routeAccess';
import { errorResponses, IdParams, mutationResponse, Uuid } from '../http/schemas';
import type { CrudOperations } from './operations';
import type { CrudQueries } from './queries';
import type { CrudSchemas } from './schemas';
import { HIDDEN_ACTOR, namedActors } from './actors';
import { trashMessages } from './trashMessages';

export const PurgeQuery = Type.Object({
  purge: Type.Optional(
    Type.Boolean({ description: 'true: delete the record for good, from the trash or not (super_admin only)' }),
  ),
});

const TrashQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: TRASH_PER_PAGE_MAX })),
});

type App = Parameters<FastifyPluginAsyncTypebox>[0];

export interface TrashContext {
  decl: ResourceDecl;
  schemas: CrudSchemas;
  q: CrudQueries;
  ops: CrudOperations;
  rules: (action: 'delete') => { access: RouteAccess };
  tags: string[];
  summary: Record<RouteKey, string>;
}

export function trashRoutes(app: App, { decl, schemas, q, ops, rules, tags, summary }: TrashContext): void {
  const path = decl.path;
  const say = trashMessages(decl);
  const Trashed = Type.Object({
    ...schemas.read.properties,
    deleted_at: Type.String({ format: 'date-time', description: 'When it was deleted' }),
    deleted_by: Type.Union(
      [
        Type.Object({ id: Uuid, name: Type.String() }),
        Type.Object(
          { id: Type.Null(), name: Type.Null(), hidden: Type.Literal(true) },
          { description: 'Someone outside the caller’s companies: not named' },
        ),
        Type.Null(),
      ],
      { description: 'Who deleted it (null when that user is gone)' },
    ),
  });

  app.get(
    `${path}/trash`,
    {
      schema: {
        tags,
        summary: summary.trash,
        description: `Deleted ${decl.noun.many} kept for OLYMPUS_TRASH_DAYS, the newest deletion first, paged with \`page\`/\`per_page\` and answered with \`meta.total\`.`,
        querystring: TrashQuery,
        response: {
          200: Type.Object({
            data: Type.Array(Trashed),
            meta: Type.Object({
              total: Type.Integer(),
              days: Type.Integer({ description: 'OLYMPUS_TRASH_DAYS: how long a deleted record stays here' }),
            }),
          }),
          ...errorResponses,
        },
      },
      config: rules('delete'),
    },
    async (req) => {
      const { tenant, where } = ops.caller(req, 'delete');
      const { page = 1, per_page: perPage = 25 } = req.query;
      const { rows, total } = await q.trash(app.db, tenant, page, perPage, where);
      // Who deleted it, named only as the audit log would name them to this caller (./actors.ts).
      const by = (r: Record<string, unknown>) => (r.deleted_by as { id: string; name: string } | null) ?? null;
      const named = await namedActors(
        app.db,
        req,
        rows.flatMap((r) => by(r)?.id ?? []),
      );
      const data = rows.map((r) => {
        const who = by(r);
        return {
          ...r,
          deleted_at: new Date(r.deleted_at as string).toISOString(),
          deleted_by: who && !named.has(who.id) ? HIDDEN_ACTOR : who,
        };
      });
      return { data, meta: { total, days: app.config.trashDays } };
    },
  );

  app.post(
    `${path}/:id/restore`,
    {
      schema: {
        tags,
        summary: summary.restore,
        description:
          'Checked like a create of what the record holds: the records it refers to must exist and not be in the trash (422), a name or slug unique among live records must still be free (409). Refused, nothing changes; restored, one audit row (`{noun}.restored`).',
        params: IdParams,
        response: { 200: mutationResponse(schemas.read), ...errorResponses },
      },
      config: rules('delete'),
    },
    async (req) => {
      const record = await ops.restore(req, req.params.id);
      return { data: { message: say.restored, ...record } };
    },
  );
}
