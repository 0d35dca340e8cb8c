// What the user create and edit screens share: API resource, list, texts, SPEC §5 name rule.
import { resourceTexts, type ResourceFormConfig } from '../../src/forms/ResourceFormPage';

export const userForm: ResourceFormConfig = {
  resource: 'users',
  listPath: '/dashboard/users',
  texts: resourceTexts('user'),
  needsName: true,
  companyLine: true,
};
