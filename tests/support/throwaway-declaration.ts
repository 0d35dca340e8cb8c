// A resource declared only in the test tree (docs/resources.md): "gadgets", in the units area and
// scoped to the X-Tenant company. Plain data, no server code, so a test build of the SPA may bundle it
// too; its table and server binding are in tests/server/throwaway-resource.ts.
import {
  checkbox,
  choice,
  declareResource,
  group,
  number,
  ref,
  text,
  textarea,
} from '../../contract/resources/declare';

export const gadgetResource = declareResource({
  name: 'gadgets',
  spa: 'gadget',
  noun: { one: 'gadget', many: 'gadgets' },
  area: 'units',
  tenancy: 'scoped',
  fields: {
    ...group('Gadget', {
      name: text('Gadget name', { required: true, maxlength: 40 }),
      property_id: ref('Kept at', 'properties', 'property', { required: true }),
      colour: choice('Colour', ['Red', 'Blue']),
    }),
    ...group('More', {
      notes: textarea('Notes', { maxlength: 100 }),
      weight: number('Weight', { min: 1, max: 9, integer: true }),
      boxed: checkbox('Boxed', { default: true }),
    }),
  },
  list: {
    columns: ['name', 'colour', 'property'],
    sort: ['name', 'weight', 'property'],
    search: ['name', 'colour', 'property'],
  },
});
