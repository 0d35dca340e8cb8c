// Unit reads, always within one company (the tenant). Postgres builds the nested property object and
// the full address, so rows go out as they come.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { properties, units } from '../db/schema';
import type { Conn } from '../resources/db';
import { lowerOf, planList, type ListQueryValues, type ListSpec } from '../resources/lists';

export const unitShape = {
  uuid: units.id,
  id: units.id,
  name: units.name,
  property_id: units.propertyId,
  property: sql<{ uuid: string; name: string }>`json_build_object('uuid', ${properties.id}, 'name', ${properties.name})`,
  unit_ref: units.unitRef,
  unit_type: units.unitType,
  unit_status: units.unitStatus,
  short_description: units.shortDescription,
  description: units.description,
  address_line_1: units.addressLine1,
  address_line_2: units.addressLine2,
  city: units.city,
  county: units.county,
  area: units.area,
  postcode: units.postcode,
  size_unit: units.sizeUnit,
  furnished: units.furnished,
  full_address: sql<string>`concat_ws(', ', nullif(${units.addressLine1}, ''), nullif(${units.addressLine2}, ''), nullif(${units.area}, ''),
    nullif(${units.city}, ''), nullif(${units.county}, ''), nullif(${units.postcode}, ''))`,
  bedrooms: units.bedrooms,
  bathrooms: units.bathrooms,
};

/** Body keys → columns (property_id is checked against the tenant first). */
export const UNIT_COLUMNS = {
  name: 'name',
  property_id: 'propertyId',
  unit_ref: 'unitRef',
  unit_type: 'unitType',
  unit_status: 'unitStatus',
  short_description: 'shortDescription',
  description: 'description',
  address_line_1: 'addressLine1',
  address_line_2: 'addressLine2',
  city: 'city',
  county: 'county',
  area: 'area',
  postcode: 'postcode',
  size_unit: 'sizeUnit',
  furnished: 'furnished',
  bedrooms: 'bedrooms',
  bathrooms: 'bathrooms',
} as const;

const LIST: ListSpec = {
  sortable: {
    name: lowerOf(units.name),
    unit_type: lowerOf(units.unitType),
    unit_ref: lowerOf(units.unitRef),
    unit_status: lowerOf(units.unitStatus),
    property: lowerOf(properties.name),
    bedrooms: sql`${units.bedrooms}`,
    bathrooms: sql`${units.bathrooms}`,
  },
  searchable: [units.name, units.unitRef, units.unitType, units.unitStatus, properties.name],
  tiebreak: sql`${units.id}`,
};

const selectUnits = (db: Conn) => db.select(unitShape).from(units).innerJoin(properties, eq(properties.id, units.propertyId));

/** The tenant's units (optionally of one property), searched, sorted and paged per the query. */
export async function listUnits(db: Conn, companyId: string, query: ListQueryValues, propertyId?: string) {
  const plan = planList(query, LIST);
  const where = and(eq(units.companyId, companyId), propertyId ? eq(units.propertyId, propertyId) : undefined, plan.where);
  const base = selectUnits(db).where(where).orderBy(...plan.orderBy).$dynamic();
  const rows = await (plan.limit === null ? base : base.limit(plan.limit).offset(plan.offset));
  const total = async () => (await db.select({ n: count() }).from(units).innerJoin(properties, eq(properties.id, units.propertyId)).where(where))[0].n;
  return { plan, rows, total };
}

export async function findUnit(db: Conn, companyId: string, id: string) {
  const [row] = await selectUnits(db).where(and(eq(units.id, id), eq(units.companyId, companyId)));
  return row ?? null;
}

export type UnitRecord = NonNullable<Awaited<ReturnType<typeof findUnit>>>;

/** The tenant's properties as select options (uuid → name). */
export async function propertyOptions(db: Conn, companyId: string): Promise<Record<string, string>> {
  const rows = await db
    .select({ id: properties.id, name: properties.name })
    .from(properties)
    .where(eq(properties.companyId, companyId))
    .orderBy(asc(lowerOf(properties.name)), asc(properties.id));
  return Object.fromEntries(rows.map((r) => [r.id, r.name]));
}

export async function propertyInCompany(db: Conn, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.companyId, companyId)));
  return row !== undefined;
}
