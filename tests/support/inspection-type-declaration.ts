// A global resource as a newcomer declares one: the kinds of inspection every company schedules,
// kept by super admins under the Companies rules with a navigation item of its own, with a money
// field, a whole number and a checkbox. Declared only in the test tree.
import { checkbox, declareResource, group, money, number, text, textarea } from '../../contract/resources/declare';
import { checkboxFilter, rangeFilter } from '../../contract/resources/filters';

export const inspectionTypeResource = declareResource({
  name: 'inspection_types',
  spa: 'inspection_type',
  noun: { one: 'inspection type', many: 'inspection types' },
  area: 'companies',
  nav: { order: 55 },
  tenancy: 'global',
  fields: {
    ...group('Inspection type', {
      name: text('Name', { required: true }),
      interval_months: number('Interval in months', { min: 1, max: 120, integer: true, required: true }),
      typical_cost: money('Typical cost', { currency: 'GBP', min: 0, max: 100000 }),
      certificate_required: checkbox('Certificate required', { default: true }),
      description: textarea('Description'),
    }),
  },
  list: {
    columns: ['name', 'interval_months', 'typical_cost', 'certificate_required'],
    sort: ['name', 'interval_months', 'typical_cost'],
    search: ['name'],
    filters: [checkboxFilter('certificate_required'), rangeFilter('interval_months')],
  },
});
