// Company reads. The select shape is the wire shape (contract/types.ts Company), so rows go out as they are.
import { and, eq, sql } from 'drizzle-orm';
import { companies, properties } from '../db/schema';
import { uuidArray, type Conn } from '../resources/db';
import { compiled } from '../db/statements';
import { byLower, planList, type ListQueryValues, type ListSpec } from '../resources/lists';
import { fetchList, jsonRow } from '../resources/listRows';

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

export const COMPANY_LIST: ListSpec = {
  sortable: { name: byLower(companies.name), city: byLower(companies.city), postcode: byLower(companies.postcode) },
  searchable: { name: companies.name, address_line_1: companies.addressLine1, city: companies.city, postcode: companies.postcode },
  tiebreak: sql`${companies.id}`,
};

const COMPANIES_ID = compiled(sql`${companies.id}`);
const COMPANY_ROWS = { row: jsonRow(companyShape), from: compiled(sql`${companies}`) };

/** `reach`: the companies to list, or null for every one (./reach.ts). */
export async function listCompanies(db: Conn, query: ListQueryValues, reach: string[] | null) {
  const plan = planList(query, COMPANY_LIST);
  const where = reach === null ? plan.where : and(sql`${companies.id} = any(${uuidArray(reach)})`, plan.where);
  return { plan, ...(await fetchList(db, plan, COMPANY_ROWS, { from: COMPANY_ROWS.from, where, id: COMPANIES_ID })) };
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
