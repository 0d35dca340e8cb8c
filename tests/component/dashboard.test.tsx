// The dashboard through the real App: greeting, role label or support notice, system picker.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ATLAS,
  EVEREST,
  findWholeText,
  freshPage,
  makeUser,
  OLYMPUS,
  PORTAL,
  renderApp,
  sessionApi,
  signIn,
  stubLocation,
  type Reply,
} from './shell-harness';
import { SUPPORT_EMAIL } from '../../src/pages/dashboard/support';

const T = { timeout: 10_000 };

async function openDashboard(user = makeUser(), extra = {}) {
  signIn(user);
  const api = sessionApi(user, extra);
  renderApp('/dashboard');
  await screen.findByRole('heading', { name: `Welcome, ${user.name}` }, T);
  return api;
}

const cards = () =>
  screen.queryAllByRole('button').filter((b) => /^(Everest|Portal|Atlas|Olympus)/.test(b.textContent ?? ''));

describe('dashboard', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('greets the user and shows their Olympus role', async () => {
    await openDashboard(makeUser({ role: 'admin', name: 'Grace Hopper' }));
    expect(screen.getByText('Your Olympus role: Admin')).toBeInTheDocument();
    expect(screen.queryByText(/You do not have an Olympus role set/)).not.toBeInTheDocument();
  });

  it('without a role, says so and gives the support contact', async () => {
    await openDashboard(makeUser({ role: null }));
    expect(
      await findWholeText(`You do not have an Olympus role set. Please contact support at ${SUPPORT_EMAIL}.`),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: SUPPORT_EMAIL })[0]).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(screen.queryByText(/Your Olympus role/)).not.toBeInTheDocument();
  });

  it('offers at most two systems, first, "or", second — never Olympus', async () => {
    await openDashboard(makeUser({ systems: [OLYMPUS, EVEREST, PORTAL, ATLAS] }));
    expect(screen.getByText('Select a System below:')).toBeInTheDocument();
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['Everest', 'Portal']);
    expect(screen.getByText('or')).toBeInTheDocument();
    const text = document.body.textContent ?? '';
    expect(text.indexOf('Everest')).toBeLessThan(text.indexOf('or', text.indexOf('Select a System below:')));
    expect(screen.getByText('Lettings and property management')).toBeInTheDocument();
  });

  it('shows one system without the "or" divider', async () => {
    await openDashboard(makeUser({ systems: [OLYMPUS, PORTAL] }));
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['Portal']);
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('offers no system to a role without systems.redirect (the API would refuse the hand-off)', async () => {
    await openDashboard(
      makeUser({ role: 'auditor', permissions: ['reports.access'], systems: [OLYMPUS, EVEREST, PORTAL] }),
    );
    expect(
      await findWholeText(
        `You don't have access to any systems currently, please contact support at ${SUPPORT_EMAIL}.`,
      ),
    ).toBeInTheDocument();
    expect(cards()).toEqual([]);
  });

  it('with no systems (Olympus alone counts as none), says so with the support contact', async () => {
    await openDashboard(makeUser({ systems: [OLYMPUS] }));
    expect(
      await findWholeText(
        `You don't have access to any systems currently, please contact support at ${SUPPORT_EMAIL}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Select a System below:')).not.toBeInTheDocument();
    expect(cards()).toEqual([]);
  });

  it('opens a system: card disabled, "Redirecting to Everest...", then the returned URL', async () => {
    const { assign } = stubLocation();
    let answer!: (r: Reply) => void;
    const api = await openDashboard(makeUser(), {
      'GET /api/v1/systems/s-everest/redirect': () => new Promise<Reply>((r) => (answer = r)),
    });
    const everest = cards()[0];
    await userEvent.click(everest);
    expect(await screen.findByText('Redirecting to Everest...', {}, T)).toBeInTheDocument();
    for (const card of cards()) expect(card).toBeDisabled();
    await waitFor(() => expect(answer).toBeTypeOf('function'), T);
    expect(api.called('GET /api/v1/systems/s-everest/redirect')[0].search).toBe('?tenant=c-acme');
    await act(async () => answer({ status: 200, body: { data: { url: 'https://everest.example/sso?token=xyz' } } }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://everest.example/sso?token=xyz'), T);
    expect(screen.getByText('Redirecting to Everest...')).toBeInTheDocument();
  });

  it('re-enables the cards and says so when the system cannot be opened', async () => {
    const { assign } = stubLocation();
    await openDashboard(makeUser(), {
      'GET /api/v1/systems/s-everest/redirect': { status: 403, body: { message: 'Forbidden' } },
    });
    await userEvent.click(cards()[0]);
    expect(
      await screen.findByText('Sorry, Everest could not be opened. Please try again later.', {}, T),
    ).toBeInTheDocument();
    await waitFor(() => expect(cards()[0]).toBeEnabled(), T);
    expect(screen.queryByText('Redirecting to Everest...')).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});
