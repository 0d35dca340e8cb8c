// Units (SPEC §2 UnitIndex/Create/Edit, issue 3 contract): those of the X-Tenant company; another
// company's unit answers 404, and a unit may only sit in a property of the same company (422).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { eq } from 'drizzle-orm';
import { notFound } from '../errors';
import { units } from '../db/schema';
import { requireTenant } from '../auth/guard';
import { accessRules } from '../resources/access';
import { auditChange } from '../resources/audit';
import { isUuid, type Conn } from '../resources/db';
import { FieldErrors, MSG } from '../resources/errors';
import { ListQuery, listResponse, sendList } from '../resources/lists';
import { errorResponses, IdParams, MessageResponse, mutationResponse } from '../resources/schemas';
import { columnsFrom, requiredText } from '../resources/values';
import { EmptyData, formResponse } from '../forms/schema';
import { withValues } from '../forms/fields';
import { unitForm } from './fields';
import { findUnit, listUnits, propertyInCompany, propertyOptions, UNIT_COLUMNS } from './queries';
import { UnitCreateBody, UnitSchema, UnitUpdateBody } from './schemas';

export const UNIT_MSG = {
  notFound: 'Unit not found.',
  created: 'The unit has been created',
  updated: 'The unit has been updated',
  deleted: 'The unit has been deleted',
} as const;

const rules = accessRules('units', 'scoped');
const tags = ['units'];

async function unitOr404(db: Conn, companyId: string, id: string) {
  const unit = isUuid(id) ? await findUnit(db, companyId, id) : null;
  if (!unit) throw notFound(UNIT_MSG.notFound);
  return unit;
}

/** The checks the schema cannot make: a non-blank name, a property of this company. */
async function check(db: Conn, companyId: string, body: { name?: string; property_id?: string }): Promise<void> {
  const errors = new FieldErrors();
  if (body.name !== undefined) requiredText(errors, 'name', body.name);
  if (body.property_id !== undefined && !(isUuid(body.property_id) && (await propertyInCompany(db, companyId, body.property_id)))) {
    errors.add('property_id', MSG.property);
  }
  errors.throwIfAny();
}

const unitRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/units',
    {
      schema: {
        tags,
        summary: 'The units of the X-Tenant company',
        description: 'The whole list, or a page of it with `page`/`per_page` (and `sort`, `q`, `q_in`), answered with `meta.total`.',
        querystring: ListQuery,
        response: { 200: listResponse(UnitSchema), ...errorResponses },
      },
      config: rules('view'),
    },
    async (req, reply) => {
      const { plan, ...list } = await listUnits(app.db, requireTenant(req), req.query);
      return sendList(reply, plan, list);
    },
  );

  app.get(
    '/units/create',
    { schema: { tags, summary: 'Fields of the unit create form', response: { 200: formResponse(EmptyData), ...errorResponses } }, config: rules('create') },
    async (req) => ({ data: {}, fields: withValues(unitForm(await propertyOptions(app.db, requireTenant(req))), { furnished: false }) }),
  );

  app.get(
    '/units/:id',
    { schema: { tags, summary: 'One unit', params: IdParams, response: { 200: Type.Object({ data: UnitSchema }), ...errorResponses } }, config: rules('view') },
    async (req) => ({ data: await unitOr404(app.db, requireTenant(req), req.params.id) }),
  );

  app.get(
    '/units/:id/edit',
    {
      schema: { tags, summary: 'The unit and its edit form filled in', params: IdParams, response: { 200: formResponse(UnitSchema), ...errorResponses } },
      config: rules('update'),
    },
    async (req) => {
      const tenant = requireTenant(req);
      const unit = await unitOr404(app.db, tenant, req.params.id);
      return { data: unit, fields: withValues(unitForm(await propertyOptions(app.db, tenant, unit.property_id)), unit) };
    },
  );

  app.post(
    '/units',
    {
      schema: { tags, summary: 'Create a unit in a property of the X-Tenant company', body: UnitCreateBody, response: { 201: mutationResponse(UnitSchema), ...errorResponses } },
      config: rules('create'),
    },
    async (req, reply) => {
      const tenant = requireTenant(req);
      await check(app.db, tenant, req.body);
      const values = columnsFrom<typeof units.$inferInsert>(req.body, UNIT_COLUMNS);
      const unit = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(units)
          .values({ ...values, name: values.name as string, propertyId: req.body.property_id, companyId: tenant })
          .returning({ id: units.id });
        const created = await unitOr404(tx, tenant, row.id);
        await auditChange(tx, req, { action: 'unit.created', entity: 'unit', entityId: row.id, before: null, after: created });
        return created;
      });
      reply.code(201);
      return { data: { message: UNIT_MSG.created, ...unit } };
    },
  );

  app.put(
    '/units/:id',
    {
      schema: { tags, summary: 'Update a unit', params: IdParams, body: UnitUpdateBody, response: { 200: mutationResponse(UnitSchema), ...errorResponses } },
      config: rules('update'),
    },
    async (req) => {
      const tenant = requireTenant(req);
      const before = await unitOr404(app.db, tenant, req.params.id);
      await check(app.db, tenant, req.body);
      const changes = columnsFrom<typeof units.$inferInsert>(req.body, UNIT_COLUMNS);
      const unit = await app.db.transaction(async (tx) => {
        await tx
          .update(units)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(units.id, before.id));
        const after = await unitOr404(tx, tenant, before.id);
        await auditChange(tx, req, { action: 'unit.updated', entity: 'unit', entityId: before.id, before, after });
        return after;
      });
      return { data: { message: UNIT_MSG.updated, ...unit } };
    },
  );

  app.delete(
    '/units/:id',
    { schema: { tags, summary: 'Delete a unit', params: IdParams, response: { 200: MessageResponse, ...errorResponses } }, config: rules('delete') },
    async (req) => {
      const tenant = requireTenant(req);
      const before = await unitOr404(app.db, tenant, req.params.id);
      await app.db.transaction(async (tx) => {
        await tx.delete(units).where(eq(units.id, before.id));
        await auditChange(tx, req, { action: 'unit.deleted', entity: 'unit', entityId: before.id, before, after: null });
      });
      return { data: { message: UNIT_MSG.deleted } };
    },
  );
};

export default unitRoutes;
