// Properties (the property list, create and edit screens), declared once (docs/resources.md): a property of the
// X-Tenant company; its slug, left blank, is derived from the name (unique in the company).
import { CERTIFICATE_TYPE_KEYS, CERTIFICATE_TYPE_LABELS, REQUIRED_BY_DEFAULT } from '../compliance';
import { addressFields, declareResource, group, multiChoice, number, text, type Flat, type RecordOf } from './declare';
import { rangeFilter, textFilter } from './filters';

export const propertyResource = declareResource({
  name: 'properties',
  spa: 'property',
  noun: { one: 'property', many: 'properties' },
  area: 'properties',
  nav: { order: 40 },
  tenancy: 'scoped',
  fields: {
    ...group('Property', {
      name: text('Property name', { required: true }),
      reference: text('Reference'),
      slug: text('Slug', { derived: true, help: 'Leave blank to derive it from the name' }),
    }),
    ...addressFields({ area: true, country: true }),
    ...group('Location', {
      latitude: number('Latitude', { min: -90, max: 90 }),
      longitude: number('Longitude', { min: -180, max: 180 }),
    }),
    // The certificate types the property must hold (contract/compliance.ts): a required type without one is missing.
    ...group('Compliance', {
      certificates_required: multiChoice('Certificates required', CERTIFICATE_TYPE_KEYS, {
        default: REQUIRED_BY_DEFAULT,
        labels: CERTIFICATE_TYPE_LABELS,
      }),
    }),
  },
  // Its company's name, computed by the server (server/properties/routes.ts), shown in the list.
  computed: ['company'],
  list: {
    columns: ['name', 'company', 'address_line_1', 'city', 'postcode'],
    sort: ['name', 'reference', 'city', 'postcode'],
    search: ['name', 'reference', 'city', 'postcode', 'area'],
    searchBox: ['name'],
    filters: [textFilter('city'), textFilter('postcode'), rangeFilter('latitude'), rangeFilter('longitude')],
  },
  bulk: { update: ['city', 'county', 'country', 'area'] },
  // A CSV row with the reference of an existing property updates it (docs/resources.md "Import").
  import: { key: ['reference'] },
  summaries: {
    editForm: 'The property with its units, and the edit form filled in',
    delete: 'Delete a property without units',
  },
});

/** A property as the API answers it: the declared fields plus its company. */
export type PropertyRecord = Flat<
  RecordOf<typeof propertyResource> & { company_uuid: string; company: { uuid: string; name: string } }
>;
