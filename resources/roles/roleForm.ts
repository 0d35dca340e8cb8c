// What the role create and edit screens share: API resource, list, texts, SPEC §5 name rule.
import { resourceTexts, type ResourceFormConfig } from '../../src/forms/ResourceFormPage';

export const roleForm: ResourceFormConfig = {
  resource: 'roles',
  listPath: '/dashboard/roles',
  texts: resourceTexts('role'),
  needsName: true,
};
