// A declared resource's form and record reads (docs/resources.md): `GET /{name}/create` (the create
// form), `GET /{name}/{id}` (one record, its version as ETag) and `GET /{name}/{id}/edit` (the record
// with its edit form).
import { Type } from 'typebox';
import { EmptyData, formResponse } from '../forms/schema';
import { errorResponses, IdParams } from '../http/schemas';
import { etagOf } from './versions';
import type { RouteContext } from './routeContext';

export function readRoutes<P>({
  app,
  decl,
  hooks,
  schemas,
  ops,
  rules,
  tags,
  summary,
  described,
}: RouteContext<P>): void {
  const path = decl.path;
  const { caller, recordOr404, form } = ops;

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
}
