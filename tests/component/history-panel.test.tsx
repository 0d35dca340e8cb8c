// The History panel under a declared record's edit form: the changes newest first with their labels
// and values as people read them, older ones on request, and "Restore this version" after a
// confirmation — the record loaded afresh when it worked, the server's reasons shown when refused.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormFieldGroup } from '../../contract/forms';
import type { HistoryEntry } from '../../contract/history';
import { authStore } from '../../providers/store';
import unit from '../../resources/units';
import { renderScreens, signedIn, stubApi, type Handler } from './form-test-utils';

const UNIT_ID = '6f0c3f4e-1111-4c1e-9c3a-1f0e6f2a9b11';
const OAK = '0b6f1c1e-2222-4d1e-9c3a-1f0e6f2a9b11';
const ELM = '7d1c0b6f-3333-4d1e-9c3a-1f0e6f2a9b11';
const GONE = '9a9a9a9a-4444-4d1e-9c3a-1f0e6f2a9b11';

const FIELDS: FormFieldGroup[] = [
  { group: 'Unit', fields: [{ name: 'name', label: 'Unit name', type: 'text', required: true }] },
];
const edit = (name: string) => ({ status: 200, body: { data: { uuid: UNIT_ID, id: UNIT_ID, name }, fields: FIELDS } });

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: '1',
  at: '2026-11-20T10:15:00.000Z',
  action: 'unit.updated',
  kind: 'updated',
  actor: { id: 'u-2', name: 'Bea Admin' },
  current: false,
  changes: [],
  ...over,
});

const ENTRIES: HistoryEntry[] = [
  entry({
    id: '30',
    current: true,
    at: '2026-11-22T09:00:00.000Z',
    changes: [
      {
        field: 'property_id',
        label: 'Property',
        type: 'select',
        before: OAK,
        after: ELM,
        names: { [OAK]: 'Oak House', [ELM]: 'Elm Court' },
      },
      { field: 'furnished', label: 'Furnished', type: 'checkbox', before: false, after: true },
    ],
  }),
  entry({
    id: '20',
    changes: [
      { field: 'name', label: 'Unit name', type: 'text', before: 'Flat 1', after: 'Flat 1A' },
      { field: 'available_from', label: 'Available from', type: 'date', before: null, after: '2025-03-05' },
      { field: 'rent', label: 'Rent', type: 'money', currency: 'GBP', before: '1250.00', after: '1300.50' },
      { field: 'old_property', label: 'Old property', type: 'select', before: GONE, after: null },
    ],
  }),
];
const CREATED = entry({
  id: '10',
  kind: 'created',
  action: 'unit.created',
  actor: null,
  changes: [{ field: 'name', label: 'Unit name', type: 'text', after: 'Flat 1' }],
});

function open(routes: Record<string, Handler>) {
  const api = stubApi({ [`GET /api/v1/units/${UNIT_ID}/edit`]: edit('Flat 1A'), ...routes });
  renderScreens(
    {
      '/dashboard/unit/:id/*': (
        <>
          <unit.edit />
          <Notification />
        </>
      ),
    },
    `/dashboard/unit/${UNIT_ID}/edit`,
  );
  return { api, user: userEvent.setup({ delay: null }) };
}

const historyPage = (call: { search: string }) => {
  const page = new URLSearchParams(call.search).get('page');
  return {
    status: 200,
    body: page === '2' ? { data: [CREATED], meta: { total: 11 } } : { data: ENTRIES, meta: { total: 11 } },
  };
};

describe('History panel', () => {
  beforeEach(() => {
    authStore.reset();
    signedIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows each change with its label, references by name, Yes/No, dates and amounts, and loads older ones', async () => {
    const { user } = open({ [`GET /api/v1/units/${UNIT_ID}/history`]: historyPage });
    const panel = (await screen.findByRole('heading', { level: 2, name: 'History' })).closest('section')!;
    const items = await within(panel).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Bea Admin changed it');
    expect(within(items[0]).getByText('Current version')).toBeInTheDocument();
    expect(within(items[0]).queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
    expect(items[0]).toHaveTextContent('PropertyOak House → Elm Court');
    expect(items[0]).toHaveTextContent('FurnishedNo → Yes');
    expect(items[1]).toHaveTextContent('Unit nameFlat 1 → Flat 1A');
    expect(items[1]).toHaveTextContent('Available from(empty) → Wed, 5 Mar 2025');
    expect(items[1]).toHaveTextContent('Rent£1,250.00 → £1,300.50');
    expect(items[1]).toHaveTextContent('Old property(removed) → (empty)');
    expect(within(items[1]).getByRole('button', { name: /^Restore this version, of / })).toHaveTextContent(
      'Restore this version',
    );

    await user.click(within(panel).getByRole('button', { name: 'Show older changes' }));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(3));
    expect(within(panel).getAllByRole('listitem')[2]).toHaveTextContent('Olympus created it');
    expect(within(panel).getAllByRole('listitem')[2]).toHaveTextContent('Unit nameFlat 1');
  });

  it('says what an event that edits no field did, in words, without "No field of the form changed."; a save that changed nothing says so; a deleted person reads "Removed user", one the server does not name "Someone outside your companies"', async () => {
    const events = [
      entry({ id: '42', kind: 'other', action: 'users.sessions_revoked', current: true }),
      entry({ id: '41', kind: 'other', action: 'users.something_new', actor: null }),
      entry({ id: '40' }),
      entry({ id: '39', actor: { id: 'u-gone', name: null } }),
      entry({ id: '38', actor: { id: null, name: null, hidden: true } }),
    ];
    open({ [`GET /api/v1/units/${UNIT_ID}/history`]: { status: 200, body: { data: events, meta: { total: 5 } } } });
    const panel = (await screen.findByRole('heading', { level: 2, name: 'History' })).closest('section')!;
    const items = await within(panel).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Bea Admin ended the sessions/);
    expect(items[1]).toHaveTextContent(/^Olympus something new/);
    for (const item of items.slice(0, 2)) expect(item).not.toHaveTextContent('No field of the form changed.');
    expect(items[2]).toHaveTextContent('Bea Admin changed it');
    expect(items[2]).toHaveTextContent('No field of the form changed.');
    // Someone deleted since is not mistaken for the server.
    expect(items[3]).toHaveTextContent(/^Removed user changed it/);
    expect(items[4]).toHaveTextContent(/^Someone outside your companies changed it/);
  });

  it('restores after the confirmation and loads the record afresh', async () => {
    let loads = 0;
    const { api, user } = open({
      [`GET /api/v1/units/${UNIT_ID}/edit`]: () => edit(++loads === 1 ? 'Flat 1A' : 'Flat 1'),
      [`GET /api/v1/units/${UNIT_ID}/history`]: historyPage,
      [`POST /api/v1/units/${UNIT_ID}/history/20/restore`]: {
        status: 200,
        body: { data: { message: 'The version was restored.', uuid: UNIT_ID, name: 'Flat 1' } },
      },
    });
    expect(await screen.findByDisplayValue('Flat 1A')).toBeInTheDocument();
    const panel = (await screen.findByRole('heading', { level: 2, name: 'History' })).closest('section')!;
    await user.click(await within(panel).findByRole('button', { name: /^Restore this version, of / }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Restore this version?');
    expect(dialog).toHaveTextContent('This is saved as a new change');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByDisplayValue('Flat 1')).toBeInTheDocument();
    expect(await screen.findByText('The version was restored.')).toBeInTheDocument();
    expect(
      api
        .apiCalls()
        .filter((c) => c.method === 'POST')
        .map((c) => c.path),
    ).toEqual([`/api/v1/units/${UNIT_ID}/history/20/restore`]);
  });

  it('shows why a restore was refused, and keeps the form as it was', async () => {
    const { api, user } = open({
      [`GET /api/v1/units/${UNIT_ID}/history`]: historyPage,
      [`POST /api/v1/units/${UNIT_ID}/history/20/restore`]: {
        status: 422,
        body: {
          message: 'The selected property is invalid.',
          errors: {
            property_id: ['The selected property is invalid.'],
            bedrooms: ['The bedrooms must be at most 20.'],
          },
        },
      },
    });
    const panel = (await screen.findByRole('heading', { level: 2, name: 'History' })).closest('section')!;
    await user.click(await within(panel).findByRole('button', { name: /^Restore this version, of / }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('The selected property is invalid.');
    expect(alert).toHaveTextContent('The bedrooms must be at most 20.');
    expect(screen.getByDisplayValue('Flat 1A')).toBeInTheDocument();
    expect(api.apiCalls().filter((c) => c.path.endsWith('/edit'))).toHaveLength(1);
  });

  it('is left out where the record’s history may not be read', async () => {
    open({ [`GET /api/v1/units/${UNIT_ID}/history`]: { status: 403, body: { message: 'Forbidden' } } });
    expect(await screen.findByDisplayValue('Flat 1A')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading the history...')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'History' })).not.toBeInTheDocument();
  });
});
