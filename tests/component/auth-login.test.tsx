import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '../../src/pages/auth/LoginPage';
import { renderAt, stubApi, stubLocationAssign } from './auth-test-utils';

const AZURE = 'GET /api/v1/auth/login/azure';

describe('LoginPage (/login, single sign-on)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers "Login with Azure" and a link to the email/password login', () => {
    renderAt(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('heading', { name: 'Login to Olympus' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login with Azure' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Login with email and password' })).toHaveAttribute('href', '/login-form');
    expect(screen.queryByText('We cannot log you in')).not.toBeInTheDocument();
  });

  it('carries ?system= to the email/password login', () => {
    renderAt(<LoginPage />, { route: '/login', url: '/login?system=Everest' });
    expect(screen.getByRole('link', { name: 'Login with email and password' })).toHaveAttribute(
      'href',
      '/login-form?system=Everest',
    );
  });

  it('shows "We cannot log you in" when the query has error', () => {
    renderAt(<LoginPage />, { route: '/login', url: '/login?error=true' });
    expect(screen.getByText('We cannot log you in')).toBeInTheDocument();
  });

  it('sends the browser to the URL the API answers, passing the system', async () => {
    const api = stubApi({
      [AZURE]: { status: 200, body: { data: { url: 'https://login.example.test/authorize?x=1' } } },
    });
    const assign = stubLocationAssign();
    renderAt(<LoginPage />, { route: '/login', url: '/login?system=Everest' });
    await userEvent.click(screen.getByRole('button', { name: 'Login with Azure' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.example.test/authorize?x=1'));
    expect(api.apiCalls()).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/v1/auth/login/azure', search: '?system=Everest' }),
    ]);
    expect(screen.getByRole('button', { name: 'Please wait...' })).toBeDisabled();
  });

  it('shows "Internal error. Please try again later." when the answer has no url', async () => {
    stubApi({ [AZURE]: { status: 200, body: { data: {} } } });
    const assign = stubLocationAssign();
    renderAt(<LoginPage />, { route: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Login with Azure' }));
    expect(await screen.findByText('Internal error. Please try again later.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Login with Azure' })).toBeEnabled();
  });

  it('shows "Internal error. Please try again later." when the call fails', async () => {
    stubApi({ [AZURE]: 'network-error' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = stubLocationAssign();
    renderAt(<LoginPage />, { route: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Login with Azure' }));
    expect(await screen.findByText('Internal error. Please try again later.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the internal error when the server refuses', async () => {
    stubApi({ [AZURE]: { status: 503, body: { message: 'Single sign-on is not configured' } } });
    renderAt(<LoginPage />, { route: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Login with Azure' }));
    expect(await screen.findByText('Internal error. Please try again later.')).toBeInTheDocument();
  });
});
