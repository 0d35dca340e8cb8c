// Which companies a caller with companies.* or integrations.* reaches. Only a super_admin reaches
// every company; anyone else (a custom role holding those permissions) reaches only the companies
// they belong to, and another company answers 404 as if it did not exist. Creating a company is a
// super_admin's act: a new company has no members, so its creator could not reach it either.
import { sql, type SQL } from 'drizzle-orm';
import type { AuthContext } from '../types';
import { companies } from '../db/schema';
import { uuidArray } from '../db/conn';
import { SUPER_ADMIN } from '../../contract/roles';

export const REACH_MSG = {
  notFound: 'Company not found.',
  createSuperAdminOnly: 'Only a super admin can create a company.',
} as const;

/** The companies the caller reaches: null for every one (super_admin). */
export const reachableCompanies = (auth: AuthContext): string[] | null =>
  auth.role === SUPER_ADMIN ? null : auth.companyIds;

/** The same reach as a condition on the companies table: undefined for every company. */
export function reachCondition(auth: AuthContext): SQL | undefined {
  const reach = reachableCompanies(auth);
  return reach === null ? undefined : sql`${companies.id} = any(${uuidArray(reach)})`;
}
