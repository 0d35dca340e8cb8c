// Units on the server: the declaration (contract/resources/units.ts) bound to its table, plus the one
// thing it cannot say, the address in one line. Routes, checks and forms: docs/resources.md.
import { sql, type SQLWrapper } from 'drizzle-orm';
import { Type } from 'typebox';
import { unitResource } from '../../contract/resources/units';
import { properties, units } from '../db/schema';
import { defineCrud } from '../crud';

const part = (column: SQLWrapper) => sql`nullif(${column}, '')`;

export const unitCrud = defineCrud(
  unitResource,
  { table: units, refs: { properties } },
  {
    computed: {
      full_address: {
        sql: sql<string>`concat_ws(', ', ${sql.join([units.addressLine1, units.addressLine2, units.area, units.city, units.county, units.postcode].map(part), sql`, `)})`,
        schema: Type.String(),
      },
    },
  },
);

export const UnitSchema = unitCrud.schemas.read;

/** This resource's binding, named in server/crud/bindings.ts (docs/resources.md "Binding and hooks"). */
export default unitCrud;
