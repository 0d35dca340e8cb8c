// The server side of the throwaway "policies" resource (tests/support/policy-declaration.ts): its table
// as server/db/declaredTable.ts derives it (a file field is a uuid column), made in a test database with
// the SQL drizzle-kit would write, and its routes on the generic plugin. Mount with
// `createTestApp({}, { resources: [policyCrud.routes] })`, then `await createPoliciesTable(db)`.
import { companies } from '../../server/db/schema';
import type { Db } from '../../server/db';
import { declaredTable } from '../../server/db/declaredTable';
import { defineCrud } from '../../server/crud';
import { createDerivedTables } from '../support/derived-table-sql';
import { policyResource } from '../support/policy-declaration';
import { declareResource, file, group, text } from '../../contract/resources/declare';

export { policyResource };

export const policies = declaredTable(policyResource, { companies: () => companies.id });

export const createPoliciesTable = (db: Db) => createDerivedTables(db, { policies });

export const policyCrud = defineCrud(policyResource, { table: policies });

/** Licences: a policy whose certificate is required (docs/resources.md "Files"), on a table of their own. */
export const licenceResource = declareResource({
  name: 'licences',
  spa: 'licence',
  noun: { one: 'licence', many: 'licences' },
  area: 'units',
  tenancy: 'scoped',
  fields: {
    ...group('Licence', {
      name: text('Licence name', { required: true }),
      certificate: file('Certificate', { types: ['pdf'], required: true }),
    }),
  },
  list: { columns: ['name', 'certificate'], sort: ['name'], search: ['name'] },
});
export const licences = declaredTable(licenceResource, { companies: () => companies.id });
export const createLicencesTable = (db: Db) => createDerivedTables(db, { licences });
export const licenceCrud = defineCrud(licenceResource, { table: licences });
