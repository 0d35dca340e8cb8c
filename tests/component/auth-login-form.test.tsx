import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginFormPage from '../../src/pages/auth/LoginFormPage';
import { authStore } from '../../providers/store';
import {
  COMPANY,
  currentUrl,
  deferred,
  fakeDelays,
  renderAt,
  SESSION_OK,
  stubApi,
  stubLocationAssign,
  TOKEN_LOGIN,
  type Handler,
  submitLoginForm,
} from './auth-test-utils';

const LOGIN = 'POST /api/v1/auth/login';
const SESSION = 'GET /api/v1/session';
const REDIRECT = 'GET /api/v1/systems/s-everest/redirect';

function setup(url = '/login-form') {
  renderAt(<LoginFormPage />, { route: '/login-form', url });
  return userEvent.setup({ delay: null });
}

describe('LoginFormPage (/login-form)', () => {
  beforeEach(() => {
    authStore.reset();
    fakeDelays();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the fixed texts, fields and links', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Login to Olympus' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email Address');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/password/reset');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText('We cannot log you in')).not.toBeInTheDocument();
  });

  it('shows "We cannot log you in" when the query has error, and keeps ?system on Back', () => {
    setup('/login-form?error=true&system=Everest');
    expect(screen.getByText('We cannot log you in')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/login?system=Everest');
  });

  it('sends nothing while a required field is empty', async () => {
    const api = stubApi({});
    const user = setup();
    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(api.apiCalls()).toEqual([]);
    expect(screen.getByLabelText('Password')).toBeInvalid();
  });

  it('says "Please wait...", then "Login successful. Redirecting..." and goes to /dashboard after exactly 1000 ms', async () => {
    const login = deferred();
    const api = stubApi({ [LOGIN]: login.handler, [SESSION]: SESSION_OK });
    const user = setup();
    await submitLoginForm(user);
    expect(await screen.findByRole('button', { name: 'Please wait...' })).toBeDisabled();
    expect(api.apiCalls()[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/auth/login',
      body: { email: 'ada@example.com', password: 'Secret123' },
    });

    login.release(TOKEN_LOGIN);
    expect(await screen.findByText('Login successful. Redirecting...')).toBeInTheDocument();
    expect(authStore.get()).toMatchObject({
      access_token: 'tok-123',
      currentCompany: COMPANY.uuid,
      currentCompanyName: COMPANY.name,
      user: { email: 'ada@example.com' },
    });
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();

    act(() => vi.advanceTimersByTime(999));
    expect(currentUrl()).toBe('/login-form');
    act(() => vi.advanceTimersByTime(1));
    expect(currentUrl()).toBe('/dashboard');
  });

  it('with ?system=NAME opens that system through its redirect, 1000 ms after login', async () => {
    const api = stubApi({
      [LOGIN]: TOKEN_LOGIN,
      [SESSION]: SESSION_OK,
      [REDIRECT]: { status: 200, body: { data: { url: 'https://everest.example.test/handoff?t=abc' } } },
    });
    const assign = stubLocationAssign();
    const user = setup('/login-form?system=everest');
    await submitLoginForm(user);
    await waitFor(() => expect(api.apiCalls().map((c) => c.path)).toContain('/api/v1/systems/s-everest/redirect'));
    expect(api.apiCalls().find((c) => c.path.endsWith('/redirect'))?.search).toBe(`?tenant=${COMPANY.uuid}`);
    await act(() => vi.advanceTimersByTimeAsync(0)); // the redirect's answer is read
    act(() => vi.advanceTimersByTime(999));
    expect(assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(assign).toHaveBeenCalledWith('https://everest.example.test/handoff?t=abc');
    expect(currentUrl()).toBe('/login-form?system=everest');
  });

  it.each<[string, Record<string, Handler>, string]>([
    ['the user has no such system', {}, '?system=Nowhere'],
    [
      'the redirect answers no URL',
      { [REDIRECT]: { status: 500, body: { message: 'Server Error' } } },
      '?system=Everest',
    ],
  ])('goes to /dashboard after 1000 ms when %s', async (_case, extra, query) => {
    stubApi({ [LOGIN]: TOKEN_LOGIN, [SESSION]: SESSION_OK, ...extra });
    const assign = stubLocationAssign();
    const user = setup('/login-form' + query);
    await submitLoginForm(user);
    expect(await screen.findByText('Login successful. Redirecting...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(currentUrl()).toBe('/login-form' + query);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(currentUrl()).toBe('/dashboard');
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes to /password/new when the login answers a session', async () => {
    stubApi({ [LOGIN]: { status: 200, body: { data: { session: 'challenge-1', username: 'new@example.com' } } } });
    const user = setup();
    await submitLoginForm(user, 'new@example.com');
    await waitFor(() => expect(currentUrl()).toBe('/password/new'));
    expect(authStore.get()).toMatchObject({ session: 'challenge-1', username: 'new@example.com', access_token: null });
  });

  it.each([
    ['Invalid credentials', 'Invalid credentials.'],
    [
      'Too many login attempts. Please try again in 60 seconds.',
      'Too many login attempts. Please try again in 60 seconds.',
    ],
  ])('shows the server message "%s" with one trailing period', async (message, shown) => {
    stubApi({ [LOGIN]: { status: message.startsWith('Too') ? 429 : 401, body: { message } } });
    const user = setup();
    await submitLoginForm(user);
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(currentUrl()).toBe('/login-form');
    expect(authStore.get().access_token).toBeNull();
  });

  it('shows "Something went wrong" when the call fails', async () => {
    stubApi({ [LOGIN]: 'network-error' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = setup();
    await submitLoginForm(user);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('shows "Something went wrong" when the token works but the session cannot be loaded', async () => {
    stubApi({ [LOGIN]: TOKEN_LOGIN, [SESSION]: { status: 401, body: { message: 'Unauthenticated' } } });
    const user = setup();
    await submitLoginForm(user);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(authStore.get().access_token).toBeNull();
  });
});
