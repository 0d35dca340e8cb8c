// Unit reads, always within one company (the tenant). Postgres builds the nested property object and
// the full address, so rows go out as they come.
import { UNPAGED_LIST_MAX } from '../../contract/lists';
import { and, asc, eq, sql } from 'drizzle-orm';
import { properties, units } from '../db/schema';
import type { Conn } from '../resources/db';
import { compiled } from '../db/statements';
import { byLower, byValue, lowerOf, planList, type ListQueryValues, type ListSpec } from '../resources/lists';
import { fetchList, jsonRow } from '../resources/listRows';

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

export const UNIT_LIST: ListSpec = {
  sortable: {
    name: byLower(units.name),
    unit_type: byLower(units.unitType),
    unit_ref: byLower(units.unitRef),
    unit_status: byLower(units.unitStatus),
    property: byLower(properties.name),
    bedrooms: byValue(units.bedrooms),
    bathrooms: byValue(units.bathrooms),
  },
  searchable: { name: units.name, unit_ref: units.unitRef, unit_type: units.unitType, unit_status: units.unitStatus, property: properties.name },
  tiebreak: sql`${units.id}`,
};

const propertyOfUnit = eq(properties.id, units.propertyId);
const selectUnits = (db: Conn) => db.select(unitShape).from(units).innerJoin(properties, propertyOfUnit);
// Every unit's property exists (a foreign key): the join never drops a unit.
const UNIT_ROWS = { row: jsonRow(unitShape), from: compiled(sql`${units} inner join ${properties} on ${propertyOfUnit}`) };
const UNITS = compiled(sql`${units}`);
const UNITS_ID = compiled(sql`${units.id}`);

/** The tenant's units (optionally of one property), searched, sorted and paged per the query. */
export async function listUnits(db: Conn, companyId: string, query: ListQueryValues, propertyId?: string) {
  const plan = planList(query, UNIT_LIST);
  const where = and(eq(units.companyId, companyId), propertyId ? eq(units.propertyId, propertyId) : undefined, plan.where);
  // A page is cut from units alone unless it is searched or sorted by the property's name.
  const byProperty = plan.sortKey === 'property' || plan.searchKeys.includes('property');
  return { plan, ...(await fetchList(db, plan, UNIT_ROWS, { from: byProperty ? UNIT_ROWS.from : UNITS, where, id: UNITS_ID })) };
}

export async function findUnit(db: Conn, companyId: string, id: string) {
  const [row] = await selectUnits(db).where(and(eq(units.id, id), eq(units.companyId, companyId)));
  return row ?? null;
}

export type UnitRecord = NonNullable<Awaited<ReturnType<typeof findUnit>>>;

/**
 * The tenant's properties as select options (uuid → name): the first UNPAGED_LIST_MAX by name, like
 * any unpaged list (contract/lists.ts), plus `current` (the edited unit's property) wherever it sorts.
 */
export async function propertyOptions(db: Conn, companyId: string, current?: string): Promise<Record<string, string>> {
  const rows = await db
    .select({ id: properties.id, name: properties.name })
    .from(properties)
    .where(eq(properties.companyId, companyId))
    .orderBy(asc(lowerOf(properties.name)), asc(properties.id))
    .limit(UNPAGED_LIST_MAX);
  if (current && !rows.some((r) => r.id === current)) {
    rows.push(...(await db.select({ id: properties.id, name: properties.name }).from(properties).where(and(eq(properties.companyId, companyId), eq(properties.id, current)))));
  }
  return Object.fromEntries(rows.map((r) => [r.id, r.name]));
}

export async function propertyInCompany(db: Conn, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.companyId, companyId)));
  return row !== undefined;
}
