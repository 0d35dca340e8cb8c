// Companies on the server: the declaration (contract/resources/companies.ts) bound to its table, plus
// what only companies do — no tenant, each caller reaches the companies of ./reach.ts (a
// super_admin every one), only a super_admin creates one, no delete while it has properties (409),
// its properties in the edit form. Routes, checks and forms: docs/resources.md.
import { and, eq, isNull } from 'drizzle-orm';
import { Type } from 'typebox';
import { companyResource } from '../../contract/resources/companies';
import { SUPER_ADMIN } from '../../contract/roles';
import { requireAuth } from '../auth/guard';
import { companies, properties } from '../db/schema';
import { conflict, forbidden, notFound } from '../errors';
import { defineCrud } from '../crud';
import { FOREIGN_KEY_VIOLATION, pgError, type Conn } from '../db/conn';
import { parseRows } from '../lists/listRows';
import type { AuthContext } from '../types';
import { propertyCrud, PropertySchema } from '../properties/binding';
import { reachCondition, REACH_MSG } from './reach';

export const COMPANY_MSG = {
  hasProperties: 'This company still has properties. Remove them first.',
} as const;

export const companyCrud = defineCrud(
  companyResource,
  { table: companies },
  {
    // Only a super_admin creates a company; each caller reaches the companies of ./reach.ts.
    access(req, action) {
      const auth = requireAuth(req);
      if (action === 'create' && auth.role !== SUPER_ADMIN) throw forbidden(REACH_MSG.createSuperAdminOnly);
      return reachCondition(auth);
    },
    async beforeDelete({ db, record }) {
      // Properties in the trash hold the company only from a purge (docs/resources.md "Trash").
      const [property] = await db
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.companyId, record.id as string), isNull(properties.deletedAt)))
        .limit(1);
      if (property) throw conflict(COMPANY_MSG.hasProperties);
    },
    // A property added since the check: the foreign key refuses, with the same answer.
    afterError: (err, action) =>
      action === 'delete' && pgError(err).code === FOREIGN_KEY_VIOLATION
        ? conflict(COMPANY_MSG.hasProperties)
        : undefined,
    // The company edit's "Properties" table: every property of the company.
    edit: {
      schema: { properties: Type.Array(PropertySchema) },
      async data({ db, record }) {
        const { json } = await propertyCrud.list(db, record.id as string, {});
        return { properties: parseRows(json) };
      },
    },
    // A company's rows are its own, whoever changed it and whatever company they had chosen.
    audit: { owner: ({ id }) => ({ company: id }) },
  },
);

export const CompanySchema = companyCrud.schemas.read;

/** The company, or 404 when it does not exist or is beyond the caller's reach (integrations' routes use it too). */
export async function reachableCompanyOr404(db: Conn, auth: AuthContext, id: string) {
  const company = await companyCrud.find(db, null, id, reachCondition(auth));
  if (!company) throw notFound(REACH_MSG.notFound);
  return company;
}

/** This resource's binding, named in server/crud/bindings.ts (docs/resources.md "Binding and hooks"). */
export default companyCrud;
