// The checked field kinds of a declared resource in the browser (docs/resources.md "Fields"): the
// test-only "suppliers" declaration (tests/support/supplier-declaration.ts) joins the registry, and its
// forms are the server's own form groups for it (server/crud/form.ts). The phone is an
// input type="tel" with its least length, the website type="url", the start date the MUI X picker
// showing "Wed, 5 Mar 2025" and sending Y-m-d; an optional reference's select offers an empty choice,
// which sends none; the list shows the date as people read it and a missing reference as nothing.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formGroups } from '../../server/crud/form';
import { withValues } from '../../server/forms/fields';
import { supplierResource } from '../support/supplier-declaration';
import { freshPage } from './shell-harness';
import { LOAD_TIMEOUT, listReply, openList, rowOf, dataCells } from './list-harness';

vi.mock('../../contract/resources', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../contract/resources')>();
  const { supplierResource: suppliers } = await import('../support/supplier-declaration');
  return { ...real, DECLARED_RESOURCES: [...real.DECLARED_RESOURCES, suppliers] };
});

const API = '/api/v1/suppliers';
const OPTIONS = { property_id: { 'p-1': 'Harbour View' }, fallback_property_id: { 'p-1': 'Harbour View' } };
const RECORD = {
  uuid: 's-1',
  id: 's-1',
  name: 'Acme',
  property_id: 'p-1',
  property: { uuid: 'p-1', name: 'Harbour View' },
  fallback_property_id: null,
  fallback_property: null,
  email: 'ada@example.com',
  phone: '020 7946 0000',
  website: 'https://acme.example',
  start_date: '2025-03-05',
};

describe('a declared resource’s email, tel, url and date fields and optional references', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  // The date picker's chunk is loaded (and, in this test run, compiled) on its first use: allow for it.
  it(
    'edit: tel, url and date inputs, an empty choice for an optional reference, and what is sent',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup();
      const fields = withValues(formGroups(supplierResource, OPTIONS), RECORD);
      const { api } = openList('/dashboard/supplier/s-1/edit', {
        [`GET ${API}/s-1/edit`]: { status: 200, body: { data: RECORD, fields } },
        [`PUT ${API}/s-1`]: { status: 200, body: { data: { message: 'The supplier has been updated', ...RECORD } } },
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Edit Supplier' }, LOAD_TIMEOUT)).toBeInTheDocument();
      const phone = await screen.findByRole('textbox', { name: 'Phone' });
      expect(phone).toHaveAttribute('type', 'tel');
      expect(phone).toHaveAttribute('minlength', '10');
      expect(phone).toHaveValue('020 7946 0000');
      expect(screen.getByRole('textbox', { name: 'Website' })).toHaveAttribute('type', 'url');
      expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
      expect(await screen.findByDisplayValue('Wed, 5 Mar 2025', {}, LOAD_TIMEOUT)).toHaveAttribute(
        'name',
        'start_date',
      );

      // The optional reference: its select offers an empty choice, and choosing it sends none.
      await user.click(screen.getByRole('combobox', { name: 'Property' }));
      const listbox = await screen.findByRole('listbox');
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose an option', 'Harbour View']);
      await user.click(within(listbox).getByRole('option', { name: 'Choose an option' }));

      await user.click(screen.getByRole('button', { name: 'Update Supplier' }));
      await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        name: 'Acme',
        property_id: '',
        fallback_property_id: '',
        email: 'ada@example.com',
        phone: '020 7946 0000',
        website: 'https://acme.example',
        start_date: '2025-03-05',
      });
    },
  );

  it('create: an empty date is sent as null', async () => {
    const user = userEvent.setup();
    const { api } = openList('/dashboard/supplier/create', {
      [`GET ${API}/create`]: { status: 200, body: { data: {}, fields: formGroups(supplierResource, OPTIONS) } },
      [`POST ${API}`]: { status: 201, body: { data: { message: 'The supplier has been created', ...RECORD } } },
      [`GET ${API}`]: listReply([]),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Supplier name' }, LOAD_TIMEOUT), 'Bolt Ltd');
    await user.click(screen.getByRole('button', { name: 'Create Supplier' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST' && c.path === API)).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST' && c.path === API)?.body).toMatchObject({
      name: 'Bolt Ltd',
      property_id: '',
      start_date: null,
    });
  });

  it('list: a date like "Wed, 5 Mar 2025", a missing reference as nothing', async () => {
    openList('/dashboard/supplier', {
      [`GET ${API}`]: listReply([
        RECORD,
        { ...RECORD, uuid: 's-2', id: 's-2', name: 'Bolt', property_id: null, property: null, start_date: null },
      ]),
    });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    const cells = (name: string) =>
      dataCells(rowOf(name))
        .slice(0, 4)
        .map((td) => td.textContent);
    expect(cells('Acme')).toEqual(['Acme', 'Harbour View', 'Wed, 5 Mar 2025', '020 7946 0000']);
    expect(cells('Bolt')).toEqual(['Bolt', '', '', '020 7946 0000']);
  });
});
