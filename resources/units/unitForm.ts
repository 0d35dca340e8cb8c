// What the unit create and edit screens share: API resource, list, texts.
import { resourceTexts, type ResourceFormConfig } from '../../src/forms/ResourceFormPage';

export const unitForm: ResourceFormConfig = {
  resource: 'unit',
  listPath: '/dashboard/unit',
  texts: resourceTexts('unit'),
  companyLine: true,
};
