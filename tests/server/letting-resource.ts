// The server side of the throwaway "lettings" resource (tests/support/letting-declaration.ts): its table
// as server/db/declaredTable.ts derives it (numeric(12,2) amounts, a text[] of amenities), the SQL that
// makes the same table in a test database (no migration knows it), and its routes on the generic
// plugin, with a beforeChange hook filling the read-only reference. Mount with
// `createTestApp({}, { resources: [lettingCrud.routes] })`, then `await createLettingsTable(db)`.
import { sql } from 'drizzle-orm';
import { companies } from '../../server/db/schema';
import type { Db } from '../../server/db';
import { declaredTable } from '../../server/db/declaredTable';
import { defineCrud } from '../../server/crud';
import { lettingResource } from '../support/letting-declaration';

export { lettingResource };

export const lettings = declaredTable(lettingResource, { companies: () => companies.id, listIndex: false });

/** The table above, made by hand on a migrated database. */
export async function createLettingsTable(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`create table lettings (
      id uuid primary key default gen_random_uuid(), company_id uuid not null references companies(id), name text not null,
      rent numeric(12,2) not null, deposit numeric(12,2), tenure text not null, furnishing text, amenities text[] not null default '{}'::text[],
      reference text, portal text, listing_id text, listing_url text, pets boolean not null default false, pet_deposit numeric(12,2),
      version integer not null default 1, created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
      deleted_at timestamptz, deleted_by uuid)`),
  );
}

/** The reference a new letting gets: "LET-" and its name's first letters, in capitals. */
export const referenceOf = (name: string) =>
  `LET-${name
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 6)
    .toUpperCase()}`;

export const lettingCrud = defineCrud(
  lettingResource,
  { table: lettings },
  {
    async beforeChange({ body, values, before }) {
      if (!before) values.reference = referenceOf(String(body.name));
    },
  },
);
