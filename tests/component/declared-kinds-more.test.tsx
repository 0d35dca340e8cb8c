// The money, radio, multi-choice, read-only and conditional kinds of a declared resource in the browser
// (docs/resources.md "Fields"): the test-only "lettings" declaration (tests/support/letting-declaration.ts)
// joins the registry, and its forms are the server's own form groups for it (server/crud/form.ts).
// Money is a number input with "£" in front, sent as the decimal text typed; the tenure a radio group
// under its legend; the amenities a checkbox group; the reference shown, not editable; a conditional
// field appears and disappears with its controlling field, its required error only while shown, and a
// hidden one is not sent. The list shows "£1,250.00" and the amenities joined. axe finds nothing.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formGroups } from '../../server/crud/form';
import { withValues } from '../../server/forms/fields';
import { lettingResource } from '../support/letting-declaration';
import { phoneScreen } from './phone-screen';
import { freshPage, location } from './shell-harness';
import { LOAD_TIMEOUT, firstCells, listReply, openList, rowOf, dataCells } from './list-harness';

vi.mock('../../contract/resources', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../contract/resources')>();
  const { lettingResource: lettings } = await import('../support/letting-declaration');
  return { ...real, DECLARED_RESOURCES: [...real.DECLARED_RESOURCES, lettings] };
});

const API = '/api/v1/lettings';
const RECORD = {
  uuid: 'l-1',
  id: 'l-1',
  name: 'Rose Court',
  rent: '1250.00',
  deposit: null,
  tenure: 'Company let',
  furnishing: null,
  amenities: ['Parking', 'Lift'],
  reference: 'LET-ROSECO',
  portal: 'Rightmove',
  listing_id: 'RM-1',
  listing_url: 'https://rightmove.example/1',
  pets: false,
  pet_deposit: null,
};
const createForm = () => withValues(formGroups(lettingResource, {}), { amenities: [], pets: false });

/** WCAG 2 A/AA violations axe finds in the page (jsdom cannot judge colours: those are left to the browser tests). */
async function axeViolations(within: Element = document.body): Promise<string[]> {
  const result = await axe.run(within, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('a declared resource’s money, radio, multi-choice, read-only and conditional fields', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('edit: money with its symbol, a radio group, a checkbox group, the reference not editable; hidden fields not sent', async () => {
    const user = userEvent.setup();
    const { api } = openList('/dashboard/letting/l-1/edit', {
      [`GET ${API}/l-1/edit`]: {
        status: 200,
        body: { data: RECORD, fields: withValues(formGroups(lettingResource, {}), RECORD) },
      },
      [`PUT ${API}/l-1`]: { status: 200, body: { data: { message: 'The letting has been updated', ...RECORD } } },
    });
    const rent = await screen.findByRole('spinbutton', { name: 'Rent' }, LOAD_TIMEOUT);
    expect(rent).toHaveValue(1250);
    expect(rent).toHaveAttribute('step', '0.01');
    expect(rent.closest('.MuiInputBase-root')).toHaveTextContent('£');

    const tenure = screen.getByRole('radiogroup', { name: /Tenure/ });
    expect(
      within(tenure)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['Assured shorthold', 'Company let', 'Licence']);
    expect(within(tenure).getByRole('radio', { name: 'Company let' })).toBeChecked();
    expect(screen.getByRole('group', { name: /^Tenure/ }).tagName).toBe('FIELDSET');
    const amenities = screen.getByRole('group', { name: 'Amenities' });
    expect(within(amenities).getByRole('checkbox', { name: 'Parking' })).toBeChecked();
    expect(within(amenities).getByRole('checkbox', { name: 'Garden' })).not.toBeChecked();
    const reference = screen.getByRole('textbox', { name: 'Reference' });
    expect(reference).toBeDisabled();
    expect(reference).toHaveValue('LET-ROSECO');

    // Rightmove: the listing id and URL are shown; a pet deposit is not (pets unticked).
    expect(screen.getByRole('textbox', { name: 'Listing id' })).toHaveValue('RM-1');
    expect(screen.queryByRole('spinbutton', { name: 'Pet deposit' })).toBeNull();
    expect(await axeViolations()).toEqual([]);

    await user.clear(rent);
    await user.type(rent, '1300.5');
    await user.click(within(tenure).getByRole('radio', { name: 'Licence' }));
    await user.click(within(amenities).getByRole('checkbox', { name: 'Garden' }));
    // Zoopla: no listing id, the URL still.
    await user.click(screen.getByRole('combobox', { name: 'Portal' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Zoopla' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Listing id' })).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Listing URL' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update Letting' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const sent = api.calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      rent: '1300.5',
      tenure: 'Licence',
      amenities: ['Parking', 'Garden', 'Lift'],
      portal: 'Zoopla',
      listing_url: 'https://rightmove.example/1',
      pets: false,
    });
    expect(sent).not.toHaveProperty('listing_id');
    expect(sent).not.toHaveProperty('pet_deposit');
  });

  it('create: a conditional field appears with its controlling field, and its required error shows only while it is shown', async () => {
    const user = userEvent.setup();
    const { api } = openList('/dashboard/letting/create', {
      [`GET ${API}/create`]: { status: 200, body: { data: {}, fields: createForm() } },
      [`POST ${API}`]: { status: 201, body: { data: { message: 'The letting has been created', ...RECORD } } },
      [`GET ${API}`]: listReply([]),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Letting name' }, LOAD_TIMEOUT), 'Oak House');
    await user.type(screen.getByRole('spinbutton', { name: 'Rent' }), '950.505');
    await user.click(screen.getByRole('radio', { name: 'Assured shorthold' }));
    expect(screen.queryByRole('textbox', { name: 'Listing id' })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Portal' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Rightmove' }));
    const listingId = await screen.findByRole('textbox', { name: 'Listing id' });
    expect(listingId).toBeRequired();
    await user.click(screen.getByRole('checkbox', { name: 'Pets allowed' }));
    expect(await screen.findByRole('spinbutton', { name: 'Pet deposit' })).toBeRequired();

    await user.click(screen.getByRole('button', { name: 'Create Letting' }));
    expect(
      await screen.findByText('Enter an amount with at most 2 decimal places, such as 1250.50'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please enter a value for Listing id')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The highlighted fields are required.');
    expect(api.calls.filter((c) => c.method === 'POST' && c.path === API)).toHaveLength(0);

    // Hidden again: its error goes with it, and it is neither checked nor sent.
    await user.click(screen.getByRole('combobox', { name: 'Portal' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'None' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Listing id' })).toBeNull());
    expect(screen.queryByText('Please enter a value for Listing id')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Pets allowed' }));
    await waitFor(() => expect(screen.queryByRole('spinbutton', { name: 'Pet deposit' })).toBeNull());

    const rent = screen.getByRole('spinbutton', { name: 'Rent' });
    await user.clear(rent);
    await user.type(rent, '950.5');
    await user.click(screen.getByRole('button', { name: 'Create Letting' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST' && c.path === API)).toHaveLength(1));
    const sent = api.calls.find((c) => c.method === 'POST' && c.path === API)?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      name: 'Oak House',
      rent: '950.5',
      deposit: null,
      tenure: 'Assured shorthold',
      amenities: [],
      portal: 'None',
      pets: false,
    });
    for (const hidden of ['listing_id', 'listing_url', 'pet_deposit']) expect(sent).not.toHaveProperty(hidden);
  });

  it('create: an amount out of range is refused before sending, in the currency', async () => {
    const user = userEvent.setup();
    openList('/dashboard/letting/create', {
      [`GET ${API}/create`]: { status: 200, body: { data: {}, fields: createForm() } },
    });
    await user.type(await screen.findByRole('spinbutton', { name: 'Rent' }, LOAD_TIMEOUT), '100000.01');
    await user.click(screen.getByRole('button', { name: 'Create Letting' }));
    expect(await screen.findByText('The amount may not be more than £100,000.00')).toBeInTheDocument();
  });

  it('list: money as "£1,250.00", right-aligned, and the amenities joined', async () => {
    openList('/dashboard/letting', {
      [`GET ${API}`]: listReply([
        RECORD,
        { ...RECORD, uuid: 'l-2', id: 'l-2', name: 'Ash Flat', rent: '9999999999.99', amenities: [] },
      ]),
    });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    // The row's cells of data: after the selection checkbox's cell (lettings may be deleted together).
    const cellsOf = (name: string) => dataCells(rowOf(name));
    const cells = (name: string) =>
      cellsOf(name)
        .slice(0, 5)
        .map((td) => td.textContent);
    expect(cells('Rose Court')).toEqual(['Rose Court', '£1,250.00', 'Company let', 'Parking, Lift', 'LET-ROSECO']);
    expect(cells('Ash Flat')).toEqual(['Ash Flat', '£9,999,999,999.99', 'Company let', '', 'LET-ROSECO']);
    expect(cellsOf('Rose Court')[1].className).toMatch(/alignRight/);
  });

  it('list: a money range filter, two amount boxes with "£" in front; the amounts typed go to the address and the API', async () => {
    const user = userEvent.setup();
    const rows = [RECORD, { ...RECORD, uuid: 'l-2', id: 'l-2', name: 'Ash Flat', rent: '950.50' }];
    const { api, router } = openList('/dashboard/letting', {
      [`GET ${API}`]: listReply((call) => {
        const p = new URLSearchParams(call.search);
        return rows.filter(
          (r) =>
            (!p.has('rent_min') || Number(r.rent) >= Number(p.get('rent_min'))) &&
            (!p.has('rent_max') || Number(r.rent) <= Number(p.get('rent_max'))),
        );
      }),
    });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    const bar = screen.getByRole('group', { name: 'Filters' });
    const from = within(bar).getByRole('spinbutton', { name: 'Rent from' });
    const to = within(bar).getByRole('spinbutton', { name: 'Rent to' });
    for (const box of [from, to]) {
      expect(box.closest('.MuiInputBase-root')).toHaveTextContent('£');
      expect(box).toHaveAttribute('step', '0.01');
      expect(box).toHaveAttribute('max', '100000');
    }
    await user.type(from, '950.5');
    await waitFor(() => expect(location(router)).toBe('/dashboard/letting?rent_min=950.5'));
    await user.type(to, '1000');
    await waitFor(() => expect(location(router)).toBe('/dashboard/letting?rent_min=950.5&rent_max=1000'));
    await waitFor(() =>
      expect(api.called(`GET ${API}`).map((c) => c.search)).toContain('?rent_min=950.5&rent_max=1000'),
    );
    await waitFor(() => expect(firstCells()).toEqual(['Ash Flat']));
    // An amount with more than 2 places is kept in the box, never sent.
    await user.clear(to);
    await user.type(to, '1000.123');
    await waitFor(() => expect(location(router)).toBe('/dashboard/letting?rent_min=950.5&rent_max=1000.12'));
    expect(to).toHaveValue(1000.123);
    expect(await axeViolations(bar)).toEqual([]);
  });

  it('phone: a card per letting, the rent in pounds and the amenities joined', async () => {
    phoneScreen();
    openList('/dashboard/letting', { [`GET ${API}`]: listReply([RECORD]) });
    const list = await screen.findByRole('list', { name: 'Lettings' }, LOAD_TIMEOUT);
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent('Rose Court');
    const lines = Array.from(card.querySelectorAll('dt')).map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent ?? ''}`,
    );
    expect(lines).toEqual([
      'Rent: £1,250.00',
      'Tenure: Company let',
      'Amenities: Parking, Lift',
      'Reference: LET-ROSECO',
    ]);
  });
});
