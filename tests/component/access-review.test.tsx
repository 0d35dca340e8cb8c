// The access review (/dashboard/access-review) through the real App: reached from "Review access" on
// the users list (only for those who may change users; the route guard turns others away), the people
// with their status, last sign-in, systems and roles; people beyond reach shown with the reason and no
// checkbox; "Disable" and "Remove access to {system}" after confirmation, with the refused ones listed;
// the days input asks the server again; cards on a phone.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  freshPage,
  location,
  makeUser,
  renderApp,
  sessionApi,
  signIn,
  type ApiCall,
  type Handler,
} from './shell-harness';
import { LOAD_TIMEOUT, listReply, openList, userRow } from './list-harness';
import type { ReviewUser } from '../../contract/accessReview';
import { phoneScreen } from './phone-screen';

const T = { timeout: 10_000 };
const REVIEW = 'GET /api/v1/users/review';
const ADMIN = makeUser({ role: 'admin', permissions: ['users.*', 'systems.redirect'] });

const SLEEPER: ReviewUser = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Sam Sleeper',
  email: 'sam@example.com',
  last_login_at: '2026-05-01T10:00:00Z',
  created_at: '2025-01-01T10:00:00Z',
  reason: 'dormant',
  olympus_role: 'System User',
  companies: [{ id: 'c-acme', name: 'Acme Lettings' }],
  systems: [{ id: '99999999-9999-4999-8999-999999999999', name: 'Everest', role: 'Manager' }],
  refusal: null,
};
const INVITED: ReviewUser = {
  ...SLEEPER,
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Ivy Invited',
  email: 'ivy@example.com',
  last_login_at: null,
  reason: 'invitation_unused',
  olympus_role: null,
  systems: [],
};
const SHARED: ReviewUser = {
  ...SLEEPER,
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Bea Shared',
  email: 'bea@example.com',
  refusal:
    'This user also belongs to companies you do not manage. Ask a super admin to change their email, password, sign-in or roles.',
};

const reviewOf = (...users: ReviewUser[]) => ({ status: 200, body: { data: users, total: users.length } });

function openReview(routes: Record<string, Handler>, viewer = ADMIN) {
  signIn(viewer);
  const api = sessionApi(viewer, routes);
  return { api, ...renderApp('/dashboard/access-review') };
}

describe('Access review', () => {
  beforeEach(freshPage);
  afterEach(() => vi.unstubAllGlobals());

  it('is reached from "Review access" on the users list', async () => {
    const { router } = openList(
      '/dashboard/users',
      { 'GET /api/v1/users': listReply([userRow(1)]), [REVIEW]: reviewOf(SLEEPER) },
      ADMIN,
    );
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await userEvent.click(screen.getByRole('link', { name: 'Review access' }));
    await waitFor(() => expect(location(router)).toBe('/dashboard/access-review'), T);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access review' }, T)).toBeInTheDocument();
  });

  it('is not offered to, and turns away, someone who may not change users', async () => {
    const viewer = makeUser({ role: 'admin', permissions: ['users.view', 'systems.redirect'] });
    openList('/dashboard/users', { 'GET /api/v1/users': listReply([userRow(1)]) }, viewer);
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    expect(screen.queryByRole('link', { name: 'Review access' })).not.toBeInTheDocument();

    freshPage();
    const { router, api } = openReview({ [REVIEW]: reviewOf(SLEEPER) }, makeUser({ role: 'system_user' }));
    await waitFor(() => expect(location(router)).toBe('/dashboard'), T);
    expect(api.called(REVIEW)).toHaveLength(0);
  });

  it('lists the people with status, last sign-in, role, systems and companies; those beyond reach have no checkbox', async () => {
    const { api } = openReview({ [REVIEW]: reviewOf(INVITED, SLEEPER, SHARED) });
    const table = await screen.findByRole('table', { name: 'Access review' }, T);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('Invitation never used')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Never')).toBeInTheDocument();
    expect(within(rows[0]).getByText('No role')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Not signed in recently')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Everest: Manager')).toBeInTheDocument();
    expect(within(rows[1]).getByText('System User')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('checkbox', { name: 'Select Sam Sleeper' })).toBeInTheDocument();
    expect(within(rows[2]).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(rows[2]).getByText(/companies you do not manage/)).toBeInTheDocument();
    expect(api.called(REVIEW)[0].search).toBe('?days=90');
    // Nothing selected: nothing to do yet.
    expect(screen.getByRole('button', { name: 'Disable' })).toBeDisabled();
  });

  it('asks the server again when the number of days changes', async () => {
    const { api } = openReview({ [REVIEW]: reviewOf(SLEEPER) });
    const input = await screen.findByRole('spinbutton', { name: 'Not signed in for (days)' }, T);
    await userEvent.clear(input);
    await userEvent.type(input, '30');
    await waitFor(() => expect(api.called(REVIEW).map((c) => c.search)).toContain('?days=30'), T);
  });

  it('disables the selected people after confirmation and lists the refused ones', async () => {
    let body: unknown = null;
    const { api } = openReview({
      [REVIEW]: reviewOf(INVITED, SLEEPER),
      'POST /api/v1/users/review/disable': (call: ApiCall) => {
        body = call.body;
        return {
          status: 200,
          body: {
            data: {
              message: '1 user done, 1 refused',
              done: [SLEEPER.id],
              refused: [{ id: INVITED.id, message: 'User not found.' }],
            },
          },
        };
      },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select everyone who can be changed' }, T));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(within(dialog).getByText('Disable 2 people?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(api.called('POST /api/v1/users/review/disable')).toHaveLength(1), T);
    expect(body).toEqual({ ids: [INVITED.id, SLEEPER.id] });
    expect(await screen.findByText('1 person done.', {}, T)).toBeInTheDocument();
    expect(screen.getByText('Not changed')).toBeInTheDocument();
    expect(screen.getByText('Ivy Invited: User not found.')).toBeInTheDocument();
    // The closed dialog leaves the page readable to assistive technology again.
    await waitFor(() => expect(screen.getByRole('table', { name: 'Access review' })).toBeInTheDocument(), T);
    // The review is read again after the change.
    await waitFor(() => expect(api.called(REVIEW).length).toBeGreaterThan(1), T);
  });

  it('removes access to the chosen system', async () => {
    let body: unknown = null;
    openReview({
      [REVIEW]: reviewOf(SLEEPER),
      'POST /api/v1/users/review/remove-access': (call: ApiCall) => {
        body = call.body;
        return { status: 200, body: { data: { message: '1 user done', done: [SLEEPER.id], refused: [] } } };
      },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Sam Sleeper' }, T));
    expect(screen.getByRole('button', { name: 'Remove access' })).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'System' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Everest' }, T));
    await userEvent.click(screen.getByRole('button', { name: 'Remove access to Everest' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(within(dialog).getByText('1 person will no longer be able to open Everest.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove access to Everest' }));
    await waitFor(() => expect(body).toEqual({ ids: [SLEEPER.id], system: SLEEPER.systems[0].id }), T);
    expect(await screen.findByText('1 person done.', {}, T)).toBeInTheDocument();
  });

  it('shows one card per person on a phone', async () => {
    phoneScreen();
    openReview({ [REVIEW]: reviewOf(SLEEPER, SHARED) });
    const list = await screen.findByRole('list', { name: 'Access review' }, T);
    const cards = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading', { name: 'Sam Sleeper' })).toBeInTheDocument();
    expect(within(cards[0]).getByRole('checkbox', { name: 'Select Sam Sleeper' })).toBeInTheDocument();
    expect(within(cards[1]).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when there is nobody to review', async () => {
    openReview({ [REVIEW]: reviewOf() });
    expect(await screen.findByText('Nobody to review: everyone has signed in recently.', {}, T)).toBeInTheDocument();
  });
});
