// README's "Adding a resource" example, word for word (tests/unit/readme-example.test.ts keeps them
// equal): "contractors" of the X-Tenant company with an area of its own, an optional reference to a
// property, an email, a phone, a date and filters. Declared only in the test tree; its table is the
// derived one (tests/support/derived-table-sql.ts).
import { checkbox, choice, date, declareResource, email, group, newArea, ref, tel, text, textarea } from '../../contract/resources/declare';
import { checkboxFilter, choiceFilter, rangeFilter, refFilter } from '../../contract/resources/filters';

export const contractorResource = declareResource({
  name: 'contractors', // API /api/v1/contractors
  spa: 'contractor', // screens at /dashboard/contractor
  noun: { one: 'contractor', many: 'contractors' },
  // Its own area: contractors.* permissions, a menu item after Properties, system users barred;
  // admins are given view and create the first time the area reaches a database.
  area: newArea('contractors', { nav: { order: 45 }, defaults: { admin: ['contractors.view', 'contractors.create'] } }),
  tenancy: 'scoped', // records of the X-Tenant company only
  fields: {
    ...group('Contractor', {
      name: text('Contractor name', { required: true }),
      trade: choice('Trade', ['Electrician', 'Plumber', 'Roofer', 'Cleaner']),
      property_id: ref('Property', 'properties', 'property'), // optional; deleting a used property answers 409
      active: checkbox('Active', { default: true }),
    }),
    ...group('Contact', {
      email: email('Email'), // checked as an email address
      phone: tel('Phone'), // at least 10 of digits, spaces, + - ( )
      insured_until: date('Insured until'), // Y-m-d, a date column, the date picker
      notes: textarea('Notes'),
    }),
  },
  list: {
    columns: ['name', 'trade', 'property', 'phone'],
    sort: ['name', 'trade', 'property', 'insured_until'], // the default sort first
    search: ['name', 'property'],
    filters: [choiceFilter('trade'), refFilter('property'), checkboxFilter('active'), rangeFilter('insured_until')],
  },
});
