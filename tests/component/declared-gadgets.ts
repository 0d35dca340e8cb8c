// A throwaway resource declared only in the test tree (list-declared.test.tsx): nothing in src/,
// resources/ or the catalogue names it. Its SPA name differs from its API name on purpose.
import { choice, declareResource, group, number, ref, text } from '../../contract/resources/declare';

export const gadgetResource = declareResource({
  name: 'gadgets',
  spa: 'gadget',
  noun: { one: 'gadget', many: 'gadgets' },
  area: 'units',
  tenancy: 'scoped',
  fields: {
    ...group('Gadget', {
      name: text('Gadget name', { required: true }),
      colour: choice('Colour', ['Red', 'Blue', 'Green']),
      owner_id: ref('Owner', 'properties', 'owner'),
    }),
    ...group('Details', {
      weight: number('Weight', { min: 0, max: 1000, integer: true }),
    }),
  },
  list: {
    columns: ['name', 'colour', 'owner', 'weight'],
    sort: ['name', 'weight', 'owner'],
    search: ['name', 'colour', 'owner'],
    searchBox: ['colour'],
  },
});

/** A gadget as the API answers it. */
export const gadgetRow = (n: number, extra: Record<string, unknown> = {}) => ({
  uuid: `g-${n}`,
  id: `g-${n}`,
  name: `Gadget ${String(n).padStart(2, '0')}`,
  colour: ['Red', 'Blue', 'Green'][n % 3],
  owner_id: `p-${n % 2}`,
  owner: { uuid: `p-${n % 2}`, name: n % 2 ? 'Harbour View' : 'Anchor Point' },
  weight: (n * 7) % 50,
  ...extra,
});
