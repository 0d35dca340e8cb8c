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

export { policyResource };

export const policies = declaredTable(policyResource, { companies: () => companies.id });

export const createPoliciesTable = (db: Db) => createDerivedTables(db, { policies });

export const policyCrud = defineCrud(policyResource, { table: policies });
