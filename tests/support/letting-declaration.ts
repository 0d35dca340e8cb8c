// A resource declared only in the test tree (docs/resources.md "Fields"): "lettings", scoped to the
// X-Tenant company, with the money, radio, multi-choice, read-only and conditional kinds, and a money range filter.
// Plain data,
// so the component tests use it too; its table and server binding are in tests/server/letting-resource.ts.
import {
  checkbox,
  choice,
  declareResource,
  group,
  money,
  multiChoice,
  radio,
  text,
  url,
} from '../../contract/resources/declare';
import { rangeFilter } from '../../contract/resources/filters';

export const TENURES = ['Assured shorthold', 'Company let', 'Licence'] as const;
export const AMENITIES = ['Parking', 'Garden', 'Lift'] as const;
export const PORTALS = ['Rightmove', 'Zoopla', 'None'] as const;

export const lettingResource = declareResource({
  name: 'lettings',
  spa: 'letting',
  noun: { one: 'letting', many: 'lettings' },
  area: 'units',
  tenancy: 'scoped',
  fields: {
    ...group('Letting', {
      name: text('Letting name', { required: true }),
      rent: money('Rent', { currency: 'GBP', min: 0, max: 100000, required: true }),
      deposit: money('Deposit', { currency: 'GBP' }),
      tenure: choice('Tenure', TENURES, { display: 'radio', required: true }),
      furnishing: radio('Furnishing', ['Furnished', 'Unfurnished']),
      amenities: multiChoice('Amenities', AMENITIES),
      // Set by the server (the binding's beforeChange hook), never written by a client.
      reference: text('Reference', { readOnly: true }),
    }),
    ...group('Advertising', {
      portal: choice('Portal', PORTALS),
      listing_id: text('Listing id', { when: { field: 'portal', is: 'Rightmove' }, required: true }),
      listing_url: url('Listing URL', { when: { field: 'portal', is: ['Rightmove', 'Zoopla'] } }),
      pets: checkbox('Pets allowed'),
      pet_deposit: money('Pet deposit', { currency: 'GBP', when: { field: 'pets', is: true }, required: true }),
    }),
  },
  list: {
    columns: ['name', 'rent', 'tenure', 'amenities', 'reference'],
    sort: ['name', 'rent'],
    search: ['name', 'reference'],
    // A money range: rent_min and rent_max, decimal strings compared exactly.
    filters: [rangeFilter('rent')],
  },
});
