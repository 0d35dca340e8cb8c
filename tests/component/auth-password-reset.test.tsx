import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PasswordResetPage from '../../src/pages/auth/PasswordResetPage';
import { currentUrl, deferred, fakeDelays, renderAt, stubApi } from './auth-test-utils';

const RESET = 'POST /api/v1/auth/password/reset';

function setup() {
  renderAt(<PasswordResetPage />, { route: '/password/reset' });
  return userEvent.setup({ delay: null });
}

async function request(user: ReturnType<typeof userEvent.setup>, email = 'ada@example.com') {
  await user.type(screen.getByLabelText('Email Address'), email);
  await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));
}

describe('PasswordResetPage (/password/reset)', () => {
  beforeEach(() => fakeDelays());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for an email and warns single-sign-on users', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email Address');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(
      screen.getByText(
        'Password reset is for email and password logins only. If you sign in with Azure single sign-on, please contact your IT administrator.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login-form');
  });

  it('sends nothing without an email', async () => {
    const api = stubApi({});
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(api.apiCalls()).toEqual([]);
  });

  it('shows the server message and goes to the verify step after exactly 1500 ms, carrying the email', async () => {
    const reply = deferred();
    const api = stubApi({ [RESET]: reply.handler });
    const user = setup();
    await request(user, 'ada+1@example.com');
    expect(await screen.findByRole('button', { name: 'Please wait...' })).toBeDisabled();
    expect(api.apiCalls()[0]).toMatchObject({ method: 'POST', body: { email: 'ada+1@example.com' } });
    reply.release({
      status: 200,
      body: { data: { message: 'If the address is registered, a verification code has been sent' } },
    });
    expect(
      await screen.findByText('If the address is registered, a verification code has been sent'),
    ).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1499));
    expect(currentUrl()).toBe('/password/reset');
    act(() => vi.advanceTimersByTime(1));
    expect(currentUrl()).toBe('/password/reset/verify?email=ada%2B1%40example.com');
  });

  it('shows the server message with a trailing period', async () => {
    stubApi({ [RESET]: { status: 429, body: { message: 'Too many reset requests. Please try again later' } } });
    const user = setup();
    await request(user);
    expect(await screen.findByText('Too many reset requests. Please try again later.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5000));
    expect(currentUrl()).toBe('/password/reset');
  });

  it('shows "Something went wrong" when the call fails', async () => {
    stubApi({ [RESET]: 'network-error' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = setup();
    await request(user);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Verification Code' })).toBeEnabled();
  });
});
