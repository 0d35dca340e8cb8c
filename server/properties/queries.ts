// Property reads, always within one company (the tenant). Postgres builds the nested company object.
import { and, count, eq, like, or, sql } from 'drizzle-orm';
import { companies, properties, units } from '../db/schema';
import { escapeLike, type Conn } from '../resources/db';
import { lowerOf, planList, type ListQueryValues, type ListSpec } from '../resources/lists';

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

const LIST: ListSpec = {
  sortable: {
    name: lowerOf(properties.name),
    reference: lowerOf(properties.reference),
    city: lowerOf(properties.city),
    postcode: lowerOf(properties.postcode),
  },
  searchable: [properties.name, properties.reference, properties.city, properties.postcode, properties.area],
  tiebreak: sql`${properties.id}`,
};

const selectProperties = (db: Conn) => db.select(propertyShape).from(properties).innerJoin(companies, eq(companies.id, properties.companyId));

export async function listProperties(db: Conn, companyId: string, query: ListQueryValues) {
  const plan = planList(query, LIST);
  const where = and(eq(properties.companyId, companyId), plan.where);
  const base = selectProperties(db).where(where).orderBy(...plan.orderBy).$dynamic();
  const rows = await (plan.limit === null ? base : base.limit(plan.limit).offset(plan.offset));
  const total = async () => (await db.select({ n: count() }).from(properties).where(where))[0].n;
  return { plan, rows, total };
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
