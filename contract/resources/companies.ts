// Companies (SPEC §2 CompanyIndex/Create/Edit), declared once (docs/resources.md): not tenant-scoped;
// who reaches which company, and who may create one, are the server's hooks (server/companies/).
import { declareResource, group, POSTCODE_MAX, text, type RecordOf } from './declare';

export const companyResource = declareResource({
  name: 'companies',
  spa: 'company',
  noun: { one: 'company', many: 'companies' },
  area: 'companies',
  tenancy: 'global',
  fields: {
    ...group('Company', {
      name: text('Company name', { required: true }),
    }),
    ...group('Address', {
      address_line_1: text('Address line 1'),
      address_line_2: text('Address line 2'),
      city: text('City'),
      county: text('County'),
      postcode: text('Postcode', { maxlength: POSTCODE_MAX }),
    }),
  },
  list: {
    columns: ['name', 'address_line_1', 'city', 'postcode'],
    sort: ['name', 'city', 'postcode'],
    search: ['name', 'address_line_1', 'city', 'postcode'],
  },
  summaries: { editForm: 'The company with its properties, and the edit form filled in', delete: 'Delete a company without properties' },
});

/** A company as the API answers it. */
export type CompanyRecord = RecordOf<typeof companyResource>;
