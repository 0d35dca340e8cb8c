// What the property create and edit screens share: API resource, list, texts, SPEC §5 name rule.
import { resourceTexts, type ResourceFormConfig } from '../../src/forms/ResourceFormPage';

export const propertyForm: ResourceFormConfig = {
  resource: 'property',
  listPath: '/dashboard/property',
  texts: resourceTexts('property'),
  needsName: true,
  companyLine: true,
};
