// A resource with an area of its own, declared only in the test tree as a developer would declare it
// (docs/resources.md "A new area"): "contractors" of the X-Tenant company, with an optional
// reference to a property, an email, a phone and a date. Its table is the derived one.
import { checkbox, date, declareResource, email, group, newArea, ref, tel, text, textarea } from '../../contract/resources/declare';

export const contractorResource = declareResource({
  name: 'contractors',
  spa: 'contractor',
  noun: { one: 'contractor', many: 'contractors' },
  // Admins may see and add contractors, not change or remove them; system users are barred.
  area: newArea('contractors', { nav: { order: 45 }, defaults: { admin: ['contractors.view', 'contractors.create'] } }),
  tenancy: 'scoped',
  fields: {
    ...group('Contractor', {
      name: text('Contractor name', { required: true }),
      property_id: ref('Property', 'properties', 'property'),
      active: checkbox('Active', { default: true }),
    }),
    ...group('Contact', {
      email: email('Email'),
      phone: tel('Phone'),
      insured_until: date('Insured until'),
      notes: textarea('Notes'),
    }),
  },
  list: { columns: ['name', 'property', 'phone'], sort: ['name', 'property', 'insured_until'], search: ['name', 'property'] },
});
