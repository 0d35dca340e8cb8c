// The /invitation page (src/pages/auth/InvitationPage.tsx), stubbed at the HTTP boundary: the token
// from the fragment is checked, the password checklist follows typing, a mismatch sends nothing, the
// accept answer shows and /login-form follows after 1.5 s; used, expired and unknown links explain
// themselves and where to go.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AdminContext, memoryStore, mergeTranslations } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import InvitationPage from '../../src/pages/auth/InvitationPage';
import { account } from '../../src/i18n/en/account';
import { auth } from '../../src/i18n/en/auth';
import { invitation } from '../../src/i18n/en/invitation';
import { currentUrl, deferred, fakeDelays, stubApi } from './auth-test-utils';

const CHECK = 'POST /api/v1/auth/invitation/check';
const ACCEPT = 'POST /api/v1/auth/invitation/accept';
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const INFO = { status: 200, body: { data: { email: 'ivy@example.com', name: 'Ivy Invitee', kind: 'invite' } } };

// A missing olympus.* key throws, so the page can never show a raw key unnoticed.
const i18nProvider = polyglotI18nProvider(
  () => mergeTranslations(englishMessages, { olympus: { auth, account, invitation } }),
  'en',
  [{ locale: 'en', name: 'English' }],
  {
    allowMissing: false,
    onMissingKey: (key: string) => {
      if (key.startsWith('olympus.')) throw new Error(`Missing translation for key: "${key}"`);
      return key;
    },
  },
);

function setup(url = `/invitation#${TOKEN}`) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
        <Routes>
          <Route path="/invitation" element={<InvitationPage />} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <LocationDisplay />
      </AdminContext>
    </MemoryRouter>,
  );
  return userEvent.setup({ delay: null });
}

function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirmation = password) {
  await user.type(await screen.findByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set Password' }));
}

describe('InvitationPage (/invitation#token)', () => {
  beforeEach(() => fakeDelays());
  afterEach(() => {
    sessionStorage.clear();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('checks the token from the fragment and welcomes the person with their email', async () => {
    const api = stubApi({ [CHECK]: INFO });
    setup();
    // The token leaves the address at once; the tab keeps it so a reload still works.
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/invitation$/);
    expect(sessionStorage.getItem('olympus.invitation')).toBe(TOKEN);
    expect(screen.getByText('Checking your invitation...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome to Olympus' })).toBeInTheDocument();
    expect(
      await screen.findByText('Hello Ivy Invitee. Choose a password to finish setting up your account.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveValue('ivy@example.com');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('readonly');
    expect(api.apiCalls()).toEqual([
      { method: 'POST', path: '/api/v1/auth/invitation/check', search: '', body: { token: TOKEN } },
    ]);
  });

  it('says "Set a New Password" for an administrator’s reset', async () => {
    stubApi({ [CHECK]: { status: 200, body: { data: { email: 'ivy@example.com', name: 'Ivy', kind: 'reset' } } } });
    setup();
    expect(await screen.findByRole('heading', { name: 'Set a New Password' })).toBeInTheDocument();
    expect(
      screen.getByText('Hello Ivy. Your administrator has reset your password. Choose a new one.'),
    ).toBeInTheDocument();
  });

  it('ticks the policy checklist as the person types, and sends nothing while a rule is unmet or the passwords differ', async () => {
    const api = stubApi({ [CHECK]: INFO });
    const user = setup();
    await user.type(await screen.findByLabelText('New Password'), 'abc');
    const rule = (name: RegExp) => screen.getByText(name).closest('li');
    expect(rule(/An upper case letter/)).toHaveAttribute('data-met', 'false');
    expect(rule(/A lower case letter/)).toHaveAttribute('data-met', 'true');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
      expect.stringContaining('The new password does not meet every rule below.'),
    );

    await user.clear(screen.getByLabelText('New Password'));
    await fill(user, 'Good-Password-2026', 'Good-Password-2027');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(api.apiCalls().filter((c) => c.path.endsWith('/accept'))).toEqual([]);
  });

  it('sets the password, shows the server message and goes to /login-form after exactly 1500 ms', async () => {
    const reply = deferred();
    const api = stubApi({ [CHECK]: INFO, [ACCEPT]: reply.handler });
    const user = setup();
    await fill(user, 'Good-Password-2026');
    expect(await screen.findByRole('button', { name: 'Please wait...' })).toBeDisabled();
    expect(api.apiCalls().at(-1)).toMatchObject({
      path: '/api/v1/auth/invitation/accept',
      body: { token: TOKEN, new_password: 'Good-Password-2026' },
    });
    reply.release({ status: 200, body: { data: { message: 'Your password has been set. You can now sign in.' } } });
    expect(await screen.findByText('Your password has been set. You can now sign in.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1499));
    expect(currentUrl()).toBe('/invitation');
    act(() => vi.advanceTimersByTime(1));
    expect(currentUrl()).toBe('/login-form');
    expect(sessionStorage.getItem('olympus.invitation')).toBeNull();
  });

  it('shows the server’s policy refusal on the password field', async () => {
    stubApi({
      [CHECK]: INFO,
      [ACCEPT]: {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { new_password: ['The new password is too common. Please choose another.'] },
        },
      },
    });
    const user = setup();
    await fill(user, 'Password123');
    expect(await screen.findByText('The new password is too common. Please choose another.')).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('an expired link says so and how to get a new one', async () => {
    const message = 'This invitation has expired. Ask your administrator to send you a new one.';
    stubApi({ [CHECK]: { status: 410, body: { message } } });
    setup();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });

  it('a used link offers to sign in or use "Forgot Password?"', async () => {
    const message =
      'This invitation has already been used. Sign in with your password, or use "Forgot Password?" to choose a new one.';
    stubApi({ [CHECK]: { status: 410, body: { message } } });
    setup();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login-form');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/password/reset');
  });

  it('a link used meanwhile (another tab) turns the form into the explanation', async () => {
    const message =
      'This invitation has already been used. Sign in with your password, or use "Forgot Password?" to choose a new one.';
    stubApi({ [CHECK]: INFO, [ACCEPT]: { status: 410, body: { message } } });
    const user = setup();
    await fill(user, 'Good-Password-2026');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });

  it('a reload (no fragment any more) uses the token this tab kept', async () => {
    sessionStorage.setItem('olympus.invitation', TOKEN);
    const api = stubApi({ [CHECK]: INFO });
    setup('/invitation');
    expect(await screen.findByLabelText('New Password')).toBeInTheDocument();
    expect(api.apiCalls()[0]).toMatchObject({ body: { token: TOKEN } });
  });

  it('an address without a token says the link is not valid, without asking the server', async () => {
    const api = stubApi({});
    setup('/invitation');
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is not valid.');
    expect(api.apiCalls()).toEqual([]);
  });

  it('no answer offers to try again', async () => {
    let first = true;
    stubApi({
      [CHECK]: () => {
        if (first) {
          first = false;
          return 'network-error';
        }
        return INFO;
      },
    });
    const user = setup();
    expect(await screen.findByText('Your invitation could not be checked. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('New Password')).toBeInTheDocument();
  });
});
