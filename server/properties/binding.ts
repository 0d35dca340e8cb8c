// Properties on the server: the declaration (contract/resources/properties.ts) bound to its table, plus
// what only a property does — its company in the read shape, a slug derived from the name and unique
// in the company (409), no delete while it has units (409), its units in the edit form.
// Routes, checks and forms: docs/resources.md.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { UNPAGED_LIST_MAX } from '../../contract/lists';
import { propertyResource } from '../../contract/resources/properties';
import { companies, properties, units } from '../db/schema';
import { ApiError, conflict } from '../errors';
import { defineCrud } from '../crud';
import { pgError, UNIQUE_VIOLATION } from '../db/conn';
import { parseRows } from '../lists/listRows';
import { Uuid } from '../http/schemas';
import { cleanText } from '../crud/values';
import { unitCrud, UnitSchema } from '../units/binding';
import { freeSlug, slugFromName, slugTaken, toSlug } from './slug';

export const PROPERTY_MSG = {
  hasUnits: 'This property still has units. Remove them first.',
  slugTaken: 'The slug has already been taken.',
} as const;

const slugConflict = () => new ApiError(409, PROPERTY_MSG.slugTaken, { slug: [PROPERTY_MSG.slugTaken] });

export const propertyCrud = defineCrud(
  propertyResource,
  { table: properties },
  {
    computed: {
      company_uuid: { sql: sql`${properties.companyId}`, schema: Uuid },
      company: {
        sql: sql`json_build_object('uuid', ${companies.id}, 'name', ${companies.name})`,
        schema: Type.Object({ uuid: Uuid, name: Type.String() }),
        joins: [{ table: companies, on: eq(companies.id, properties.companyId) }],
      },
    },
    // The SPA's Units table names each unit by its reference: listed in that order, one page
    // as long as the unpaged cap — a property with more units still opens, and says how many it has.
    edit: {
      schema: { units: Type.Array(UnitSchema), units_total: Type.Integer({ minimum: 0 }) },
      async data({ db, tenant, record }) {
        const { json, total } = await unitCrud.list(
          db,
          tenant,
          { sort: 'unit_ref', page: 1, per_page: UNPAGED_LIST_MAX },
          eq(units.propertyId, record.id as string),
        );
        return { units: parseRows(json), units_total: total };
      },
    },
    // A given slug is normalised and must be free; a blank one is derived from the name on create and
    // kept on update (links made with it keep working).
    async beforeChange({ db, tenant, body, values, before }) {
      const given = toSlug(cleanText(body.slug as string | null | undefined) ?? '');
      if (
        given &&
        given !== before?.slug &&
        (await slugTaken(db, tenant as string, given, before?.id as string | undefined))
      )
        throw slugConflict();
      values.slug =
        given || (before ? before.slug : await freeSlug(db, tenant as string, slugFromName(values.name as string)));
    },
    async beforeDelete({ db, record }) {
      // Units in the trash hold the property only from a purge (docs/resources.md "Trash").
      const [unit] = await db
        .select({ id: units.id })
        .from(units)
        .where(and(eq(units.propertyId, record.id as string), isNull(units.deletedAt)))
        .limit(1);
      if (unit) throw conflict(PROPERTY_MSG.hasUnits);
    },
    // The same answer when a concurrent request wins the race past the slug check. A delete a foreign
    // key refuses is judged again by the generic routes: beforeDelete above, then the references to it.
    afterError(err, action) {
      return pgError(err).code === UNIQUE_VIOLATION && action !== 'delete' ? slugConflict() : undefined;
    },
  },
);

export const PropertySchema = propertyCrud.schemas.read;

/** This resource's binding, named in server/crud/bindings.ts (docs/resources.md "Binding and hooks"). */
export default propertyCrud;
