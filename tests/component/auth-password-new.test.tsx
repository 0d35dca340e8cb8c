import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PasswordNewPage from '../../src/pages/auth/PasswordNewPage';
import { authStore } from '../../providers/store';
import { COMPANY, currentUrl, deferred, fakeDelays, renderAt, SESSION_OK, stubApi } from './auth-test-utils';

const NEW = 'POST /api/v1/auth/password/new';
const SESSION = 'GET /api/v1/session';

function setup() {
  renderAt(<PasswordNewPage />, { route: '/password/new' });
  return userEvent.setup({ delay: null });
}

async function choose(user: ReturnType<typeof userEvent.setup>, password: string, confirmation = password) {
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set Password' }));
}

describe('PasswordNewPage (/password/new)', () => {
  beforeEach(() => {
    authStore.reset();
    authStore.set({ session: 'challenge-1', username: 'new@example.com' });
    fakeDelays();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('goes to /login without a stored session', () => {
    authStore.reset();
    setup();
    expect(currentUrl()).toBe('/login');
  });

  it('shows the username and the two password fields, without the password hint', () => {
    setup();
    expect(screen.getByLabelText('Username')).toHaveValue('new@example.com');
    expect(screen.getByLabelText('New Password')).toBeRequired();
    expect(screen.getByLabelText('Confirm New Password')).toBeRequired();
    expect(screen.queryByText(/must be more than 8 characters/)).not.toBeInTheDocument();
  });

  it('says "Passwords do not match" and sends nothing when they differ', async () => {
    const api = stubApi({});
    const user = setup();
    await choose(user, 'NewSecret123', 'NewSecret124');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(api.apiCalls()).toEqual([]);
  });

  it('sets the password, completes the login and goes to /dashboard after exactly 1000 ms', async () => {
    const reply = deferred();
    const api = stubApi({ [NEW]: reply.handler, [SESSION]: SESSION_OK });
    const user = setup();
    await choose(user, 'NewSecret123');
    expect(await screen.findByRole('button', { name: 'Please wait...' })).toBeDisabled();
    expect(api.apiCalls()[0]).toMatchObject({
      body: {
        username: 'new@example.com',
        name: 'new@example.com',
        new_password: 'NewSecret123',
        session: 'challenge-1',
      },
    });

    reply.release({
      status: 200,
      body: {
        data: {
          message: 'Your password has been set',
          access_token: 'tok-9',
          token_type: 'Bearer',
          expires_at: '2030-01-01T00:00:00Z',
        },
      },
    });
    expect(await screen.findByText('Your password has been set')).toBeInTheDocument();
    await waitFor(() =>
      expect(authStore.get()).toMatchObject({ access_token: 'tok-9', currentCompany: COMPANY.uuid, session: null }),
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => vi.advanceTimersByTime(999));
    expect(currentUrl()).toBe('/password/new');
    act(() => vi.advanceTimersByTime(1));
    expect(currentUrl()).toBe('/dashboard');
  });

  it('without a token in the answer, goes to /login after 1000 ms', async () => {
    stubApi({ [NEW]: { status: 200, body: { data: { message: 'Password updated' } } } });
    const user = setup();
    await choose(user, 'NewSecret123');
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(999));
    expect(currentUrl()).toBe('/password/new');
    act(() => vi.advanceTimersByTime(1));
    expect(currentUrl()).toBe('/login');
    expect(authStore.get().session).toBeNull();
  });

  it('shows the server message with " Redirecting..." and goes to /login after exactly 1500 ms', async () => {
    stubApi({
      [NEW]: {
        status: 422,
        body: { message: 'The session has expired', errors: { session: ['The session has expired'] } },
      },
    });
    const user = setup();
    await choose(user, 'NewSecret123');
    expect(await screen.findByText('The session has expired. Redirecting...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set Password' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1499));
    expect(currentUrl()).toBe('/password/new');
    act(() => vi.advanceTimersByTime(1));
    expect(currentUrl()).toBe('/login');
  });

  it('shows "Something went wrong" when the call fails, and stays', async () => {
    stubApi({ [NEW]: 'network-error' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = setup();
    await choose(user, 'NewSecret123');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5000));
    expect(currentUrl()).toBe('/password/new');
    expect(screen.getByRole('button', { name: 'Set Password' })).toBeEnabled();
  });
});
