// A declared resource's writes (docs/resources.md): `POST /{name}` (create), `PUT /{name}/{id}`
// (update, based on the version If-Match or the body names) and `DELETE /{name}/{id}` (to the trash, or
// for good: `?purge=true`, a super_admin's only). What each does is in ./operations.ts.
import { hasTrash } from '../../contract/resources/declare';
import { errorResponses, IdParams, MessageResponse, mutationResponse } from '../http/schemas';
import { trimKinds } from './kinds';
import { PurgeQuery } from './trash';
import { conflictResponse, ifMatchVersion, IfMatchHeaders } from './versions';
import type { RouteContext } from './routeContext';

type Body = Record<string, unknown>;

export function writeRoutes<P>({ app, decl, schemas, ops, rules, tags, summary, described }: RouteContext<P>): void {
  const path = decl.path;
  // Trims the email, tel, url and date fields and makes a blank optional one null, before validation
  // (the declared fields are in every body, beside the declared inputs).
  const preValidation = [trimKinds(decl)];

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
}
