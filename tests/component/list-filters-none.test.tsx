// An optional reference's "None" in the filter bar (docs/resources.md "Filters"): the test-only
// suppliers (tests/support/supplier-declaration.ts, an optional property) join the registry with
// `refFilter('property')`. "None" comes after "Any", puts `property_id=none` in the address and the
// request, and an address holding it shows it chosen without loading the properties; a required
// reference (units' property) offers no "None".
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshPage, location, type ApiCall } from './shell-harness';
import { LOAD_TIMEOUT, firstCells, listReply, ok, openList, propertyRow, unitRow } from './list-harness';

vi.mock('../../contract/resources', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../contract/resources')>();
  const { supplierResource } = await import('../support/supplier-declaration');
  const { refFilter } = await import('../../contract/resources/filters');
  const suppliers = { ...supplierResource, list: { ...supplierResource.list, filters: [refFilter('property')] } };
  return { ...real, DECLARED_RESOURCES: [...real.DECLARED_RESOURCES, suppliers] };
});

const API = '/api/v1/suppliers';
const supplier = (n: number, property: { uuid: string; name: string } | null) => ({
  uuid: `s-${n}`,
  id: `s-${n}`,
  name: `Supplier ${n}`,
  property_id: property?.uuid ?? null,
  property,
  fallback_property_id: null,
  fallback_property: null,
  email: null,
  phone: null,
  website: null,
  start_date: null,
});
const SUPPLIERS = [
  supplier(1, { uuid: 'p-1', name: 'Harbour View' }),
  supplier(2, null),
  supplier(3, { uuid: 'p-2', name: 'Anchor Point' }),
];
const PROPERTIES = [propertyRow(1, { name: 'Harbour View' }), propertyRow(2, { name: 'Anchor Point' })];

/** GET /suppliers as the API filters it. */
const filtered = (call: ApiCall) => {
  const p = new URLSearchParams(call.search).get('property_id');
  return SUPPLIERS.filter((s) => p === null || (p === 'none' ? s.property_id === null : s.property_id === p));
};
const openSuppliers = (url = '/dashboard/supplier') =>
  openList(url, { [`GET ${API}`]: listReply(filtered), 'GET /api/v1/properties': () => ok(PROPERTIES) });
const property = () => screen.getByRole('combobox', { name: /^Property/ });

describe('an optional reference’s "None" filter', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers "None" after "Any"; choosing it asks for property_id=none and shows the records without one', async () => {
    const user = userEvent.setup();
    const view = openSuppliers();
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    expect(property()).toHaveTextContent('Any');
    await user.click(property());
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Any', 'None', 'Anchor Point', 'Harbour View']),
    );
    await user.click(within(listbox).getByRole('option', { name: 'None' }));
    await waitFor(() => expect(location(view.router)).toBe('/dashboard/supplier?property_id=none'));
    await waitFor(() => expect(view.api.called(`GET ${API}`).map((c) => c.search)).toContain('?property_id=none'));
    await waitFor(() => expect(firstCells()).toEqual(['Supplier 2']));
    expect(property()).toHaveTextContent('None');

    await user.click(property());
    await user.click(await screen.findByRole('option', { name: 'Anchor Point' }));
    await waitFor(() => expect(location(view.router)).toBe('/dashboard/supplier?property_id=p-2'));
    await waitFor(() => expect(firstCells()).toEqual(['Supplier 3']));
  });

  it('an address with property_id=none shows "None" chosen, without loading the properties', async () => {
    const view = openSuppliers('/dashboard/supplier?property_id=none');
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await waitFor(() => expect(firstCells()).toEqual(['Supplier 2']));
    expect(property()).toHaveTextContent('None');
    expect(view.api.called('GET /api/v1/properties')).toEqual([]);
  });

  it('a required reference (a unit’s property) offers no "None"', async () => {
    const user = userEvent.setup();
    openList('/dashboard/unit', {
      'GET /api/v1/units': listReply([unitRow(1)]),
      'GET /api/v1/properties': () => ok(PROPERTIES),
    });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await user.click(property());
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Any', 'Anchor Point', 'Harbour View']),
    );
  });
});
