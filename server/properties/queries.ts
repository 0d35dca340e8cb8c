// Property reads, always within one company (the tenant). Postgres builds the nested company object.
import { and, eq, like, or, sql } from 'drizzle-orm';
import { companies, properties, units } from '../db/schema';
import { escapeLike, type Conn } from '../resources/db';
import { compiled } from '../db/statements';
import { byLower, planList, type ListQueryValues, type ListSpec } from '../resources/lists';
import { fetchList, jsonRow } from '../resources/listRows';

export const propertyShape = {
  uuid: properties.id,
  id: properties.id,
  company_uuid: properties.companyId,
  company: sql<{ uuid: string; name: string }>`json_build_object('uuid', ${companies.id}, 'name', ${companies.name})`,
  name: properties.name,
  reference: properties.reference,
  slug: properties.slug,
  address_line_1: properties.addressLine1,
  address_line_2: properties.addressLine2,
  city: properties.city,
  county: properties.county,
  country: properties.country,
  postcode: properties.postcode,
  area: properties.area,
  longitude: properties.longitude,
  latitude: properties.latitude,
};

/** Body keys → columns (slug is handled on its own: derived, unique per company). */
export const PROPERTY_COLUMNS = {
  name: 'name',
  reference: 'reference',
  address_line_1: 'addressLine1',
  address_line_2: 'addressLine2',
  city: 'city',
  county: 'county',
  country: 'country',
  postcode: 'postcode',
  area: 'area',
  longitude: 'longitude',
  latitude: 'latitude',
} as const;

export const PROPERTY_LIST: ListSpec = {
  sortable: {
    name: byLower(properties.name),
    reference: byLower(properties.reference),
    city: byLower(properties.city),
    postcode: byLower(properties.postcode),
  },
  searchable: { name: properties.name, reference: properties.reference, city: properties.city, postcode: properties.postcode, area: properties.area },
  tiebreak: sql`${properties.id}`,
};

const companyOfProperty = eq(companies.id, properties.companyId);
const selectProperties = (db: Conn) => db.select(propertyShape).from(properties).innerJoin(companies, companyOfProperty);

// Every property's company exists (a foreign key): the join never drops a property.
const PROPERTY_ROWS = { row: jsonRow(propertyShape), from: compiled(sql`${properties} inner join ${companies} on ${companyOfProperty}`) };
const PROPERTIES = compiled(sql`${properties}`);
const PROPERTIES_ID = compiled(sql`${properties.id}`);

export async function listProperties(db: Conn, companyId: string, query: ListQueryValues) {
  const plan = planList(query, PROPERTY_LIST);
  const where = and(eq(properties.companyId, companyId), plan.where);
  // Every searched and sorted key is the property's own: a page is cut from properties alone.
  return { plan, ...(await fetchList(db, plan, PROPERTY_ROWS, { from: PROPERTIES, where, id: PROPERTIES_ID })) };
}

/** The property if it belongs to the company, else null. */
export async function findProperty(db: Conn, companyId: string, id: string) {
  const [row] = await selectProperties(db).where(and(eq(properties.id, id), eq(properties.companyId, companyId)));
  return row ?? null;
}

export type PropertyRecord = NonNullable<Awaited<ReturnType<typeof findProperty>>>;

export async function propertyHasUnits(db: Conn, id: string): Promise<boolean> {
  const [row] = await db.select({ id: units.id }).from(units).where(eq(units.propertyId, id)).limit(1);
  return row !== undefined;
}

export async function slugTaken(db: Conn, companyId: string, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.companyId, companyId), eq(properties.slug, slug), exceptId ? sql`${properties.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row !== undefined;
}

/** `base`, or `base-2`, `base-3`, … : the first slug not yet used in the company. */
export async function freeSlug(db: Conn, companyId: string, base: string): Promise<string> {
  const rows = await db
    .select({ slug: properties.slug })
    .from(properties)
    .where(and(eq(properties.companyId, companyId), or(eq(properties.slug, base), like(properties.slug, `${escapeLike(base)}-%`))));
  const used = new Set(rows.map((r) => r.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
