// Which companies a caller with companies.* or integrations.* reaches. Only a super_admin reaches
// every company; anyone else (a custom role holding those permissions) reaches only the companies
// they belong to, and another company answers 404 as if it did not exist. Creating a company is a
// super_admin's act: a new company has no members, so its creator could not reach it either.
import type { AuthContext } from '../types';
import { notFound } from '../errors';
import { isUuid, type Conn } from '../resources/db';
import { SUPER_ADMIN } from '../../contract/roles';
import { findCompany, type CompanyRecord } from './queries';

export const REACH_MSG = {
  notFound: 'Company not found.',
  createSuperAdminOnly: 'Only a super admin can create a company.',
} as const;

/** The companies the caller reaches: null for every one (super_admin). */
export const reachableCompanies = (auth: AuthContext): string[] | null => (auth.role === SUPER_ADMIN ? null : auth.companyIds);

/** The company, or 404 when it does not exist or is beyond the caller's reach. */
export async function reachableCompanyOr404(db: Conn, auth: AuthContext, id: string): Promise<CompanyRecord> {
  const reach = reachableCompanies(auth);
  const wanted = id.toLowerCase();
  const company = isUuid(wanted) && (reach === null || reach.includes(wanted)) ? await findCompany(db, wanted) : null;
  if (!company) throw notFound(REACH_MSG.notFound);
  return company;
}
