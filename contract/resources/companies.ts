// Companies (the company list, create and edit screens), declared once (docs/resources.md): not tenant-scoped;
// who reaches which company, and who may create one, are the server's hooks (server/companies/).
import { addressFields, declareResource, group, text, type RecordOf } from './declare';

export const companyResource = declareResource({
  name: 'companies',
  spa: 'company',
  noun: { one: 'company', many: 'companies' },
  area: 'companies',
  nav: { order: 50 },
  tenancy: 'global',
  fields: {
    ...group('Company', {
      name: text('Company name', { required: true }),
    }),
    ...addressFields(),
  },
  list: {
    columns: ['name', 'address_line_1', 'city', 'postcode'],
    sort: ['name', 'city', 'postcode'],
    search: ['name', 'address_line_1', 'city', 'postcode'],
    searchBox: ['name'], // the list's search box matches the company name only
  },
  summaries: {
    editForm: 'The company with its properties, and the edit form filled in',
    delete: 'Delete a company without properties',
  },
});

/** A company as the API answers it. */
export type CompanyRecord = RecordOf<typeof companyResource>;
