// Units (the unit list, create and edit screens), declared once (docs/resources.md): a unit sits in a property
// of its company; the list searches and sorts by the property's name too.
import {
  addressFields,
  checkbox,
  choice,
  date,
  declareResource,
  group,
  number,
  ref,
  text,
  textarea,
  type Flat,
  type RecordOf,
} from './declare';
import { checkboxFilter, choiceFilter, rangeFilter, refFilter } from './filters';

export const UNIT_TYPES = ['Flat', 'Studio', 'House', 'Maisonette', 'Penthouse', 'Townhouse'] as const;
export const UNIT_STATUSES = ['Available', 'Let', 'Under Offer', 'Maintenance'] as const;
export const ROOMS_MAX = 50;
export const SIZE_UNIT_MAX = 32;

export const unitResource = declareResource({
  name: 'units',
  spa: 'unit',
  noun: { one: 'unit', many: 'units' },
  area: 'units',
  tenancy: 'scoped',
  fields: {
    ...group('Unit', {
      name: text('Unit name', { required: true }),
      property_id: ref('Property', 'properties', 'property', { required: true }),
      unit_ref: text('Unit reference'),
      unit_type: choice('Unit type', UNIT_TYPES),
      unit_status: choice('Unit status', UNIT_STATUSES),
      // The start of the unit's current status period (server/occupancy, docs/resources.md "Occupancy").
      status_since: date('Status since', {
        since: 'unit_status',
        help: 'The day the unit took this status: today unless you say otherwise',
      }),
    }),
    ...group('Description', {
      short_description: text('Short description'),
      description: textarea('Description'),
    }),
    ...addressFields({ area: true }),
    ...group('Details', {
      bedrooms: number('Bedrooms', { min: 0, max: ROOMS_MAX, integer: true }),
      bathrooms: number('Bathrooms', { min: 0, max: ROOMS_MAX, integer: true }),
      size_unit: text('Size unit', { maxlength: SIZE_UNIT_MAX }),
      furnished: checkbox('Furnished', { default: false }),
    }),
  },
  list: {
    columns: ['name', 'unit_type', 'property', 'bedrooms', 'bathrooms'],
    sort: ['name', 'unit_type', 'unit_ref', 'unit_status', 'property', 'bedrooms', 'bathrooms'],
    search: ['name', 'unit_ref', 'unit_type', 'unit_status', 'property'],
    searchBox: ['unit_type'], // the list's search box filters by unit type only
    filters: [
      choiceFilter('unit_type'),
      choiceFilter('unit_status'),
      refFilter('property'),
      checkboxFilter('furnished'),
      rangeFilter('bedrooms'),
    ],
  },
  summaries: { create: 'Create a unit in a property of the X-Tenant company' },
  bulk: { update: ['unit_status', 'status_since', 'unit_type', 'furnished', 'property_id'] },
  // A CSV row with the unit reference of an existing unit of the same property updates it (docs/resources.md "Import").
  import: { key: ['property_id', 'unit_ref'] },
});

/** A unit as the API answers it: the declared fields plus the address in one line. */
export type UnitRecord = Flat<RecordOf<typeof unitResource> & { full_address: string }>;
