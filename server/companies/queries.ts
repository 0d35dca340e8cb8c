// Company reads. The select shape is the wire shape (contract/types.ts Company), so rows go out as they are.
import { count, eq, sql } from 'drizzle-orm';
import { companies, properties } from '../db/schema';
import type { Conn } from '../resources/db';
import { lowerOf, planList, type ListQueryValues, type ListSpec } from '../resources/lists';

export const companyShape = {
  uuid: companies.id,
  id: companies.id,
  name: companies.name,
  address_line_1: companies.addressLine1,
  address_line_2: companies.addressLine2,
  city: companies.city,
  county: companies.county,
  postcode: companies.postcode,
};

/** Body keys → columns for insert and update. */
export const COMPANY_COLUMNS = {
  name: 'name',
  address_line_1: 'addressLine1',
  address_line_2: 'addressLine2',
  city: 'city',
  county: 'county',
  postcode: 'postcode',
} as const;

const LIST: ListSpec = {
  sortable: { name: lowerOf(companies.name), city: lowerOf(companies.city), postcode: lowerOf(companies.postcode) },
  searchable: [companies.name, companies.addressLine1, companies.city, companies.postcode],
  tiebreak: sql`${companies.id}`,
};

export async function listCompanies(db: Conn, query: ListQueryValues) {
  const plan = planList(query, LIST);
  const base = db.select(companyShape).from(companies).where(plan.where).orderBy(...plan.orderBy).$dynamic();
  const rows = await (plan.limit === null ? base : base.limit(plan.limit).offset(plan.offset));
  const total = async () => (await db.select({ n: count() }).from(companies).where(plan.where))[0].n;
  return { plan, rows, total };
}

export async function findCompany(db: Conn, id: string) {
  const [row] = await db.select(companyShape).from(companies).where(eq(companies.id, id));
  return row ?? null;
}

export async function companyHasProperties(db: Conn, id: string): Promise<boolean> {
  const [row] = await db.select({ id: properties.id }).from(properties).where(eq(properties.companyId, id)).limit(1);
  return row !== undefined;
}

export type CompanyRecord = NonNullable<Awaited<ReturnType<typeof findCompany>>>;
