// react-admin's `resources.{spa}` texts of the declared resources (docs/resources.md): derived from
// each declaration (src/declared/texts.ts); below, only the fixed texts that differ from those.
import { DECLARED_RESOURCES } from '../../../contract/resources';
import { declaredCatalogue } from '../../declared/texts';

export const resources = declaredCatalogue(DECLARED_RESOURCES, {
  // "Units: columns Unit Name, Unit Type, Property, Bedrooms, Bathrooms"
  unit: { fields: { name: 'Unit Name', unit_type: 'Unit Type' }, list: { search: 'Search Unit Types' } },
  // "columns Name, Company, Address, Edit"
  property: { fields: { name: 'Name', address: 'Address' }, list: { edit: 'Edit' } },
  // "Company name, Address, Edit; searched by company name"
  company: { fields: { name: 'Company name', address: 'Address' }, list: { search: 'by Company Name', edit: 'Edit' } },
  // "shows role label": the list's one column, headed Role.
  roles: { fields: { label: 'Role' } },
  // "columns Name, Email, System Access (pills per system), System Roles (pills with role label)"
  users: { fields: { email: 'Email', systems: 'System Access', roles: 'System Roles' } },
  // The management list, apart from the Reports page that shows them.
  report: { list: { title: 'Manage Reports' } },
});
