// What the company create and edit screens share: API resource, list, texts, SPEC §5 name rule.
import { resourceTexts, type ResourceFormConfig } from '../../src/forms/ResourceFormPage';

export const companyForm: ResourceFormConfig = {
  resource: 'company',
  listPath: '/dashboard/company',
  texts: resourceTexts('company'),
  needsName: true,
};

/** SPEC §2 CompanyEdit address, where the integration screen returns. */
export const companyEditPath = (companyId: string) => `/dashboard/company/${encodeURIComponent(companyId)}/edit`;
