import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AzureCallbackPage from '../../src/pages/auth/AzureCallbackPage';
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
} from './auth-test-utils';

const CALLBACK = 'POST /api/v1/auth/login/azure/callback';
const SESSION = 'GET /api/v1/session';
const ROUTE = '/login/azure/callback';

function setup(query: string) {
  renderAt(<AzureCallbackPage />, { route: ROUTE, url: ROUTE + query });
}

describe('AzureCallbackPage (/login/azure/callback)', () => {
  beforeEach(() => {
    authStore.reset();
    fakeDelays();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('exchanges the code, then goes to /dashboard after exactly 1000 ms', async () => {
    const api = stubApi({ [CALLBACK]: TOKEN_LOGIN, [SESSION]: SESSION_OK });
    setup('?code=abc&state=xyz');
    expect(screen.getByText('Hang on, we are just authenticating....')).toBeInTheDocument();
    await waitFor(() =>
      expect(authStore.get()).toMatchObject({ access_token: 'tok-123', currentCompany: COMPANY.uuid }),
    );
    expect(api.apiCalls().filter((c) => c.path === '/api/v1/auth/login/azure/callback')).toEqual([
      expect.objectContaining({ method: 'POST', body: { code: 'abc', state: 'xyz' } }),
    ]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => vi.advanceTimersByTime(999));
    expect(currentUrl()).toBe(ROUTE + '?code=abc&state=xyz');
    act(() => vi.advanceTimersByTime(1));
    expect(currentUrl()).toBe('/dashboard');
  });

  it('opens the system named in the answer through its redirect', async () => {
    stubApi({
      [CALLBACK]: {
        status: 200,
        body: {
          data: { access_token: 'tok-1', token_type: 'Bearer', expires_at: '2030-01-01T00:00:00Z', system: 'Everest' },
        },
      },
      [SESSION]: SESSION_OK,
      'GET /api/v1/systems/s-everest/redirect': {
        status: 200,
        body: { data: { url: 'https://everest.example.test/handoff' } },
      },
    });
    const assign = stubLocationAssign();
    setup('?code=abc&state=xyz');
    await waitFor(() => expect(authStore.get().access_token).toBe('tok-1'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => vi.advanceTimersByTime(999));
    expect(assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(assign).toHaveBeenCalledWith('https://everest.example.test/handoff');
  });

  it('goes to /password/new when the answer is a session', async () => {
    stubApi({ [CALLBACK]: { status: 200, body: { data: { session: 'challenge-2', username: 'sso@example.com' } } } });
    setup('?code=abc');
    await waitFor(() => expect(currentUrl()).toBe('/password/new'));
    expect(authStore.get()).toMatchObject({ session: 'challenge-2', username: 'sso@example.com' });
  });

  it.each([
    ['there is no code', ''],
    ['the provider answered an error', '?error=access_denied&error_description=denied'],
  ])('goes to /login?error=true after exactly 100 ms, sending nothing, when %s', (_case, query) => {
    const api = stubApi({});
    setup(query);
    expect(screen.getByText('Hang on, we are just authenticating....')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(99));
    expect(currentUrl()).toBe(ROUTE + query);
    act(() => vi.advanceTimersByTime(1));
    expect(currentUrl()).toBe('/login?error=true');
    expect(api.apiCalls()).toEqual([]);
  });

  it('goes to /login?error=true after exactly 100 ms when the exchange fails', async () => {
    const api = stubApi({ [CALLBACK]: { status: 401, body: { message: 'Sign-in was refused' } } });
    setup('?code=bad');
    await waitFor(() => expect(api.apiCalls()).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => vi.advanceTimersByTime(99));
    expect(currentUrl()).toBe(ROUTE + '?code=bad');
    act(() => vi.advanceTimersByTime(1));
    expect(currentUrl()).toBe('/login?error=true');
    expect(authStore.get().access_token).toBeNull();
  });
});
