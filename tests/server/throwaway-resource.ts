// The server side of the throwaway "gadgets" resource (tests/support/throwaway-declaration.ts): its
// Drizzle table, the SQL that creates it in a test database (no migration knows it), and its routes
// through the same generic plugin as units. Mount with
// `createTestApp({}, { resources: [gadgetCrud.routes] })`, then `await createGadgetsTable(db)`.
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { properties } from '../../server/db/schema';
import type { Db } from '../../server/db';
import { defineCrud } from '../../server/crud';
import { gadgetResource } from '../support/throwaway-declaration';

export { gadgetResource };

export const gadgets = pgTable('gadgets', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull(),
  propertyId: uuid('property_id').notNull(),
  name: text('name').notNull(),
  colour: text('colour'),
  notes: text('notes'),
  weight: integer('weight'),
  boxed: boolean('boxed').notNull().default(true),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: uuid('deleted_by'),
});

/** The table above, made by hand on a migrated database. */
export async function createGadgetsTable(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`create table gadgets (
      id uuid primary key default gen_random_uuid(), company_id uuid not null references companies(id), property_id uuid not null references properties(id),
      name text not null, colour text, notes text, weight integer, boxed boolean not null default true, version integer not null default 1, updated_at timestamptz not null default now(),
      deleted_at timestamptz, deleted_by uuid)`),
  );
}

export const gadgetCrud = defineCrud(gadgetResource, { table: gadgets, refs: { properties } });
