// The login form's code step for a user with two-factor sign-in: the password answers a challenge,
// the form asks for the 6-digit code (or a recovery code) and then continues exactly as a token login
// does — the same message, the same 1000 ms and the ?system= redirect; a wrong code shows the server's
// message and keeps the step.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginFormPage from '../../src/pages/auth/LoginFormPage';
import { authStore } from '../../providers/store';
import {
  COMPANY,
  currentUrl,
  fakeDelays,
  renderAt,
  SESSION_OK,
  stubApi,
  stubLocationAssign,
  TOKEN_LOGIN,
  submitLoginForm,
} from './auth-test-utils';

const LOGIN = 'POST /api/v1/auth/login';
const MFA = 'POST /api/v1/auth/login/mfa';
const SESSION = 'GET /api/v1/session';
const CHALLENGE = {
  status: 200,
  body: { data: { mfa_required: true, challenge: 'ch-1', username: 'ada@example.com' } },
};

function setup(url = '/login-form') {
  renderAt(<LoginFormPage />, { route: '/login-form', url });
  return userEvent.setup({ delay: null });
}

describe('LoginFormPage: the second factor', () => {
  beforeEach(() => {
    authStore.reset();
    fakeDelays();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the code, stores nothing before it, then signs in and goes to /dashboard after 1000 ms', async () => {
    const api = stubApi({ [LOGIN]: CHALLENGE, [MFA]: TOKEN_LOGIN, [SESSION]: SESSION_OK });
    const user = setup();
    await submitLoginForm(user);
    const code = await screen.findByLabelText('Code');
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(authStore.get().access_token).toBeNull();

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Login successful. Redirecting...')).toBeInTheDocument();
    expect(api.apiCalls().find((c) => c.path === '/api/v1/auth/login/mfa')?.body).toEqual({
      challenge: 'ch-1',
      code: '123456',
    });
    expect(authStore.get()).toMatchObject({ access_token: 'tok-123', currentCompany: COMPANY.uuid });
    act(() => vi.advanceTimersByTime(999));
    expect(currentUrl()).toBe('/login-form');
    act(() => vi.advanceTimersByTime(1));
    expect(currentUrl()).toBe('/dashboard');
  });

  it('takes a recovery code instead, and keeps ?system= for the redirect', async () => {
    const api = stubApi({
      [LOGIN]: CHALLENGE,
      [MFA]: TOKEN_LOGIN,
      [SESSION]: SESSION_OK,
      'GET /api/v1/systems/s-everest/redirect': {
        status: 200,
        body: { data: { url: 'https://everest.example.test/handoff?t=abc' } },
      },
    });
    const assign = stubLocationAssign();
    const user = setup('/login-form?system=everest');
    await submitLoginForm(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText('Recovery code');
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use the authenticator app' })).toBeInTheDocument();
    await user.type(field, 'ABCDE-FGHJK');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Login successful. Redirecting...')).toBeInTheDocument();
    expect(api.apiCalls().find((c) => c.path === '/api/v1/auth/login/mfa')?.body).toEqual({
      challenge: 'ch-1',
      code: 'ABCDE-FGHJK',
    });
    await waitFor(() => expect(api.apiCalls().map((c) => c.path)).toContain('/api/v1/systems/s-everest/redirect'));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(assign).toHaveBeenCalledWith('https://everest.example.test/handoff?t=abc');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login?system=everest');
  });

  it('shows a wrong code’s message and lets the person try again', async () => {
    let tries = 0;
    stubApi({
      [LOGIN]: CHALLENGE,
      [MFA]: () =>
        ++tries === 1 ? { status: 401, body: { message: 'That code is not right. Please try again.' } } : TOKEN_LOGIN,
      [SESSION]: SESSION_OK,
    });
    const user = setup();
    await submitLoginForm(user);
    await user.type(await screen.findByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right. Please try again.')).toBeInTheDocument();
    expect(authStore.get().access_token).toBeNull();
    const code = screen.getByLabelText('Code');
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Login successful. Redirecting...')).toBeInTheDocument();
  });
});
