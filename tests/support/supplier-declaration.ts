// A resource declared only in the test tree (docs/resources.md "Fields"): "suppliers", scoped to the
// X-Tenant company, with every checked kind (email, tel, url, date) and two optional references to
// properties, one of each onDelete. Plain data, so the component tests use it too; its table and
// server binding are in tests/server/supplier-resource.ts.
import { date, declareResource, email, group, ref, tel, text, url } from '../../contract/resources/declare';

export const supplierResource = declareResource({
  name: 'suppliers',
  spa: 'supplier',
  noun: { one: 'supplier', many: 'suppliers' },
  area: 'units',
  tenancy: 'scoped',
  fields: {
    ...group('Supplier', {
      name: text('Supplier name', { required: true }),
      property_id: ref('Property', 'properties', 'property'),
      fallback_property_id: ref('Fallback property', 'properties', 'fallback_property', { onDelete: 'set null' }),
    }),
    ...group('Contact', {
      email: email('Email'),
      phone: tel('Phone'),
      website: url('Website'),
      start_date: date('Start date'),
    }),
  },
  list: {
    columns: ['name', 'property', 'start_date', 'phone'],
    sort: ['name', 'property', 'start_date'],
    search: ['name', 'property', 'email', 'start_date'],
  },
});
