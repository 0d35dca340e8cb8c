// Properties (SPEC §2 PropertyIndex/Create/Edit, issue 3 contract): those of the X-Tenant company;
// another company's property answers 404. Slugs are unique per company; a property with units
// cannot be deleted.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { eq } from 'drizzle-orm';
import { ApiError, conflict, notFound } from '../errors';
import { properties } from '../db/schema';
import { requireTenant } from '../auth/guard';
import { accessRules } from '../resources/access';
import { auditChange } from '../resources/audit';
import { FOREIGN_KEY_VIOLATION, isUuid, pgError, UNIQUE_VIOLATION, type Conn } from '../resources/db';
import { FieldErrors } from '../resources/errors';
import { ListQuery, listResponse, sendList } from '../resources/lists';
import { parseRows } from '../resources/listRows';
import { errorResponses, IdParams, MessageResponse, mutationResponse } from '../resources/schemas';
import { cleanText, columnsFrom, requiredText } from '../resources/values';
import { EmptyData, formResponse } from '../forms/schema';
import { withValues } from '../forms/fields';
import { listUnits } from '../units/queries';
import { UnitSchema } from '../units/schemas';
import { propertyForm } from './fields';
import { findProperty, freeSlug, listProperties, PROPERTY_COLUMNS, propertyHasUnits, slugTaken } from './queries';
import { PropertyCreateBody, PropertySchema, PropertyUpdateBody } from './schemas';
import { slugFromName, toSlug } from './slug';
import { UNPAGED_LIST_MAX } from '../../contract/lists';

export const PROPERTY_MSG = {
  notFound: 'Property not found.',
  hasUnits: 'This property still has units. Remove them first.',
  slugTaken: 'The slug has already been taken.',
  created: 'The property has been created',
  updated: 'The property has been updated',
  deleted: 'The property has been deleted',
} as const;

const rules = accessRules('properties', 'scoped');
const tags = ['properties'];
const slugConflict = () => new ApiError(409, PROPERTY_MSG.slugTaken, { slug: [PROPERTY_MSG.slugTaken] });

async function propertyOr404(db: Conn, companyId: string, id: string) {
  const property = isUuid(id) ? await findProperty(db, companyId, id) : null;
  if (!property) throw notFound(PROPERTY_MSG.notFound);
  return property;
}

/** Unique-slug races end as the same 409 as the check before the write. */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgError(err).code === UNIQUE_VIOLATION) throw slugConflict();
    throw err;
  }
}

/** The edit answer: the property and its first PROPERTY_UNITS_MAX units by reference, with their count. */
const PropertyWithUnits = Type.Object({ ...PropertySchema.properties, units: Type.Array(UnitSchema), units_total: Type.Integer({ minimum: 0 }) });

const propertyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/properties',
    {
      schema: { tags, summary: 'The properties of the X-Tenant company', querystring: ListQuery, response: { 200: listResponse(PropertySchema), ...errorResponses } },
      config: rules('view'),
    },
    async (req, reply) => {
      const { plan, ...list } = await listProperties(app.db, requireTenant(req), req.query);
      return sendList(reply, plan, list);
    },
  );

  app.get(
    '/properties/create',
    { schema: { tags, summary: 'Fields of the property create form', response: { 200: formResponse(EmptyData), ...errorResponses } }, config: rules('create') },
    async () => ({ data: {}, fields: propertyForm() }),
  );

  app.get(
    '/properties/:id',
    { schema: { tags, summary: 'One property', params: IdParams, response: { 200: Type.Object({ data: PropertySchema }), ...errorResponses } }, config: rules('view') },
    async (req) => ({ data: await propertyOr404(app.db, requireTenant(req), req.params.id) }),
  );

  app.get(
    '/properties/:id/edit',
    {
      schema: { tags, summary: 'The property with its units, and the edit form filled in', params: IdParams, response: { 200: formResponse(PropertyWithUnits), ...errorResponses } },
      config: rules('update'),
    },
    async (req) => {
      const tenant = requireTenant(req);
      const property = await propertyOr404(app.db, tenant, req.params.id);
      // The SPA's Units table names each unit by its reference (SPEC §2): list them in that order.
      // One page as long as the unpaged cap: a property with more units still opens, and says how many it has.
      const { json, total } = await listUnits(app.db, tenant, { sort: 'unit_ref', page: 1, per_page: UNPAGED_LIST_MAX }, property.id);
      return { data: { ...property, units: parseRows(json), units_total: total }, fields: withValues(propertyForm(), property) };
    },
  );

  app.post(
    '/properties',
    {
      schema: { tags, summary: 'Create a property in the X-Tenant company', body: PropertyCreateBody, response: { 201: mutationResponse(PropertySchema), ...errorResponses } },
      config: rules('create'),
    },
    async (req, reply) => {
      const tenant = requireTenant(req);
      const errors = new FieldErrors();
      const name = requiredText(errors, 'name', req.body.name);
      errors.throwIfAny();
      const given = toSlug(cleanText(req.body.slug) ?? '');
      if (given && (await slugTaken(app.db, tenant, given))) throw slugConflict();
      const slug = given || (await freeSlug(app.db, tenant, slugFromName(name as string)));
      const property = await writing(() =>
        app.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(properties)
            .values({ ...columnsFrom<typeof properties.$inferInsert>(req.body, PROPERTY_COLUMNS), name: name as string, slug, companyId: tenant })
            .returning({ id: properties.id });
          const created = await propertyOr404(tx, tenant, row.id);
          await auditChange(tx, req, { action: 'property.created', entity: 'property', entityId: row.id, before: null, after: created });
          return created;
        }),
      );
      reply.code(201);
      return { data: { message: PROPERTY_MSG.created, ...property } };
    },
  );

  app.put(
    '/properties/:id',
    {
      schema: { tags, summary: 'Update a property', params: IdParams, body: PropertyUpdateBody, response: { 200: mutationResponse(PropertySchema), ...errorResponses } },
      config: rules('update'),
    },
    async (req) => {
      const tenant = requireTenant(req);
      const before = await propertyOr404(app.db, tenant, req.params.id);
      const errors = new FieldErrors();
      if (req.body.name !== undefined) requiredText(errors, 'name', req.body.name);
      errors.throwIfAny();
      // A blank slug keeps the current one: links made with it keep working.
      const slug = toSlug(cleanText(req.body.slug) ?? '') || before.slug;
      if (slug !== before.slug && (await slugTaken(app.db, tenant, slug, before.id))) throw slugConflict();
      const changes = columnsFrom<typeof properties.$inferInsert>(req.body, PROPERTY_COLUMNS);
      const property = await writing(() =>
        app.db.transaction(async (tx) => {
          await tx
            .update(properties)
            .set({ ...changes, slug, updatedAt: new Date() })
            .where(eq(properties.id, before.id));
          const after = await propertyOr404(tx, tenant, before.id);
          await auditChange(tx, req, { action: 'property.updated', entity: 'property', entityId: before.id, before, after });
          return after;
        }),
      );
      return { data: { message: PROPERTY_MSG.updated, ...property } };
    },
  );

  app.delete(
    '/properties/:id',
    { schema: { tags, summary: 'Delete a property without units', params: IdParams, response: { 200: MessageResponse, ...errorResponses } }, config: rules('delete') },
    async (req) => {
      const tenant = requireTenant(req);
      const before = await propertyOr404(app.db, tenant, req.params.id);
      if (await propertyHasUnits(app.db, before.id)) throw conflict(PROPERTY_MSG.hasUnits);
      try {
        await app.db.transaction(async (tx) => {
          await tx.delete(properties).where(eq(properties.id, before.id));
          await auditChange(tx, req, { action: 'property.deleted', entity: 'property', entityId: before.id, before, after: null });
        });
      } catch (err) {
        if (pgError(err).code === FOREIGN_KEY_VIOLATION) throw conflict(PROPERTY_MSG.hasUnits);
        throw err;
      }
      return { data: { message: PROPERTY_MSG.deleted } };
    },
  );
};

export default propertyRoutes;
