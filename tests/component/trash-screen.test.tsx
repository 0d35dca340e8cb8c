// A declared resource's Trash screen (docs/resources.md "Trash"): the deleted records with who and
// when, "Restore" (gone from the trash when it worked, the server's reasons shown when refused), the
// record's history read only, and "Delete forever" for a super admin only, after a confirmation. On a
// phone one card per record. axe finds nothing.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Notification } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../contract/history';
import { unitResource } from '../../contract/resources/units';
import type { SessionUser } from '../../contract/types';
import { authStore } from '../../providers/store';
import unit from '../../resources/units';
import { TrashScreen } from '../../src/trash/TrashScreen';
import { renderScreens, stubApi, type Handler } from './form-test-utils';
import { phoneScreen } from './phone-screen';

const FLAT = {
  id: 'u-1',
  uuid: 'u-1',
  name: 'Flat 1',
  property: { uuid: 'p-1', name: 'Oak House' },
  deleted_at: '2026-11-20T10:15:00.000Z',
  deleted_by: { id: 'a-1', name: 'Bea Admin' },
};
const STUDIO = {
  id: 'u-2',
  uuid: 'u-2',
  name: 'Studio 2',
  property: { uuid: 'p-1', name: 'Oak House' },
  deleted_at: '2026-11-19T08:00:00.000Z',
  deleted_by: null,
};
const page = (data: unknown[]) => ({ status: 200, body: { data, meta: { total: data.length, days: 30 } } });

function signedInAs(role: 'super_admin' | 'admin') {
  const user = {
    uuid: 'me',
    id: 'me',
    name: 'Me',
    olympusRole: { uuid: `r-${role}`, name: role, label: role, permissions: ['units.view', 'units.delete'] },
  } as unknown as SessionUser;
  authStore.set({ access_token: 'tok-trash', currentCompany: 'c-acme', currentCompanyName: 'Acme Lettings', user });
}

function open(routes: Record<string, Handler>) {
  const api = stubApi(routes);
  renderScreens(
    {
      '/dashboard/unit/trash': (
        <>
          <TrashScreen decl={unitResource} />
          <Notification />
        </>
      ),
    },
    '/dashboard/unit/trash',
  );
  return { api, user: userEvent.setup({ delay: null }) };
}

async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('Trash screen', () => {
  beforeEach(() => {
    authStore.reset();
    signedInAs('admin');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the deleted records with who deleted them and when, for how long they stay, and the way back', async () => {
    const { api } = open({ 'GET /api/v1/units/trash': page([FLAT, STUDIO]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Units in the trash' })).toBeInTheDocument();
    expect(screen.getByText('Company: Acme Lettings')).toBeInTheDocument();
    expect(
      await screen.findByText('Deleted records stay here for 30 days, then they are deleted for good.'),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('RecordDeleted byDeleted onActions');
    expect(rows[1]).toHaveTextContent('Flat 1');
    expect(rows[1]).toHaveTextContent('Bea Admin');
    expect(rows[2]).toHaveTextContent('Removed user');
    expect(within(rows[1]).getByRole('button', { name: 'Restore Flat 1' })).toBeInTheDocument();
    // Deleting forever is a super admin's only.
    expect(screen.queryByRole('button', { name: /forever/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Units' })).toHaveAttribute('href', '/dashboard/unit');
    expect(new URLSearchParams(api.apiCalls()[0].search).get('page')).toBe('1');
    expect(await axeViolations()).toEqual([]);
  });

  it('restores a record: it leaves the trash and a notice says so', async () => {
    let restored = false;
    const { api, user } = open({
      'GET /api/v1/units/trash': () => page(restored ? [STUDIO] : [FLAT, STUDIO]),
      'POST /api/v1/units/u-1/restore': () => {
        restored = true;
        return { status: 200, body: { data: { message: 'The unit has been restored', id: 'u-1', name: 'Flat 1' } } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Restore Flat 1' }));
    expect(await screen.findByText('Flat 1 was restored.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Flat 1')).not.toBeInTheDocument());
    expect(
      api
        .apiCalls()
        .filter((c) => c.method === 'POST')
        .map((c) => c.path),
    ).toEqual(['/api/v1/units/u-1/restore']);
  });

  it('shows why a restore was refused, and keeps the record in the trash', async () => {
    const { user } = open({
      'GET /api/v1/units/trash': page([FLAT]),
      'POST /api/v1/units/u-1/restore': {
        status: 422,
        body: {
          message: 'The selected property is invalid.',
          errors: { property_id: ['The selected property is invalid.'] },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Restore Flat 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The selected property is invalid.');
    expect(within(screen.getByRole('table')).getByText('Flat 1')).toBeInTheDocument();
  });

  it('shows a record’s history, read only', async () => {
    const deleted: HistoryEntry = {
      id: '9',
      at: '2026-11-20T10:15:00.000Z',
      action: 'unit.deleted',
      kind: 'deleted',
      actor: { id: 'a-1', name: 'Bea Admin' },
      current: true,
      changes: [],
    };
    const updated: HistoryEntry = {
      ...deleted,
      id: '8',
      action: 'unit.updated',
      kind: 'updated',
      current: false,
      changes: [{ field: 'name', label: 'Unit name', type: 'text', before: 'Flat', after: 'Flat 1' }],
    };
    const { user } = open({
      'GET /api/v1/units/trash': page([FLAT]),
      'GET /api/v1/units/u-1/history': { status: 200, body: { data: [deleted, updated], meta: { total: 2 } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Show the history of Flat 1' }));
    const panel = (await screen.findByRole('heading', { level: 2, name: 'History of Flat 1' })).closest('section')!;
    const items = await within(panel).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Bea Admin deleted it');
    expect(within(panel).queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide history' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('lets a super admin delete forever after a confirmation, and says so when refused', async () => {
    signedInAs('super_admin');
    const { api, user } = open({
      'GET /api/v1/units/trash': page([FLAT, STUDIO]),
      'DELETE /api/v1/units/u-1': (call) =>
        call.search === '?purge=true'
          ? { status: 200, body: { data: { message: 'The unit has been deleted forever' } } }
          : { status: 400, body: { message: 'no' } },
      'DELETE /api/v1/units/u-2': {
        status: 409,
        body: { message: 'This unit is used by 1 parking space in the trash: delete them forever first.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete forever: Flat 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete Flat 1 forever?');
    expect(dialog).toHaveTextContent('It will be gone for good and cannot be restored.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete forever' }));
    expect(await screen.findByText('Flat 1 was deleted forever.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Delete forever: Studio 2' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete forever' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('in the trash: delete them forever first.');
    expect(
      api
        .apiCalls()
        .filter((c) => c.method === 'DELETE')
        .map((c) => c.path + c.search),
    ).toEqual(['/api/v1/units/u-1?purge=true', '/api/v1/units/u-2?purge=true']);
  });

  it('says when the trash is empty', async () => {
    open({ 'GET /api/v1/units/trash': page([]) });
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
  });

  it('shows one card per record on a phone', async () => {
    phoneScreen();
    open({ 'GET /api/v1/units/trash': page([FLAT, STUDIO]) });
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Flat 1');
    expect(cards[0]).toHaveTextContent('Deleted byBea Admin');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('is a route of the resource, /dashboard/unit/trash', () => {
    expect(unit.children).toBeDefined();
  });
});
