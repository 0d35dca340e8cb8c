// The server side of the throwaway "suppliers" resource (tests/support/supplier-declaration.ts): its
// Drizzle table, the SQL that creates it in a test database (no migration knows it; a PostgreSQL
// `date` column, two nullable references with their onDelete) and its routes on the generic plugin.
// Mount with `createTestApp({}, { resources: [supplierCrud.routes] })`, then `await createSuppliersTable(db)`.
import { sql } from 'drizzle-orm';
import { date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { properties } from '../../server/db/schema';
import type { Db } from '../../server/db';
import { defineCrud } from '../../server/crud';
import { supplierResource } from '../support/supplier-declaration';

export { supplierResource };

export const suppliers = pgTable('suppliers', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull(),
  name: text('name').notNull(),
  propertyId: uuid('property_id'),
  fallbackPropertyId: uuid('fallback_property_id'),
  email: text('email'),
  phone: text('phone'),
  website: text('website'),
  startDate: date('start_date', { mode: 'string' }),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: uuid('deleted_by'),
});

/** The table above, made by hand on a migrated database. */
export async function createSuppliersTable(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`create table suppliers (
      id uuid primary key default gen_random_uuid(), company_id uuid not null references companies(id), name text not null,
      property_id uuid references properties(id) on delete restrict, fallback_property_id uuid references properties(id) on delete set null,
      email text, phone text, website text, start_date date, version integer not null default 1, updated_at timestamptz not null default now(),
      deleted_at timestamptz, deleted_by uuid)`),
  );
}

export const supplierCrud = defineCrud(supplierResource, { table: suppliers, refs: { properties } });
