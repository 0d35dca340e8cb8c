// The account page's "Your details" and "Change password" sections through the real App: the name
// saved without a password, an email change that asks for the current password, the password policy
// shown as the person types, "Passwords do not match" with no request sent, the server's field errors
// on their fields, the new token kept after a change (and the offer to end sessions still signed in),
// and a single-sign-on user told why there is no password to change.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshPage, makeUser, renderApp, sessionApi, signIn, type Handler } from './shell-harness';
import type { SessionView } from '../../contract/sessions';
import { authStore } from '../../providers/store';

const T = { timeout: 10_000 };
const PROFILE = 'GET /api/v1/session/profile';
const THIS: SessionView = {
  id: 's-this',
  browser: 'Chrome',
  os: 'Linux',
  ip: '10.0.0.1',
  signed_in_at: '2026-11-24T08:00:00Z',
  last_active_at: '2026-11-24T09:30:00Z',
  current: true,
};
const LATE: SessionView = {
  id: 's-late',
  browser: 'Firefox',
  os: 'Windows',
  ip: '192.0.2.7',
  signed_in_at: '2026-11-24T09:00:00Z',
  last_active_at: '2026-11-24T09:31:00Z',
  current: false,
};

const ADA = makeUser({ role: 'system_user' });

function openAccount(
  routes: Record<string, Handler>,
  profile = { name: 'Ada Lovelace', email: 'ada@example.com', sso_only: false },
  user = ADA,
) {
  signIn(user);
  const api = sessionApi(user, {
    [PROFILE]: { status: 200, body: { data: profile } },
    'GET /api/v1/session/sessions': { status: 200, body: { data: [THIS] } },
    ...routes,
  });
  return { api, user, ...renderApp('/dashboard/account') };
}

const details = () => screen.findByRole('region', { name: 'Your details' }, T);
const passwordSection = () => screen.findByRole('region', { name: 'Change password' }, T);

describe('Your details', () => {
  beforeEach(freshPage);

  it('saves a new name without a password and shows it in the page heading', async () => {
    let name = 'Ada Lovelace';
    const { api } = openAccount({
      'PUT /api/v1/session/profile': (call) => {
        name = (call.body as { name: string }).name;
        return {
          status: 200,
          body: { data: { message: 'Your details have been saved', name, email: 'ada@example.com', sso_only: false } },
        };
      },
      'GET /api/v1/session': () => ({ status: 200, body: { data: { ...ADA, name } } }),
    });
    const section = await details();
    const field = await within(section).findByRole('textbox', { name: 'Name' }, T);
    expect(field).toHaveValue('Ada Lovelace');
    expect(within(section).getByRole('textbox', { name: 'Email address' })).toHaveValue('ada@example.com');
    // No email change: no password asked.
    expect(within(section).queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'Ada King');
    await userEvent.click(within(section).getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details have been saved.', {}, T)).toBeInTheDocument();
    expect(api.called('PUT /api/v1/session/profile')[0].body).toEqual({ name: 'Ada King' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada King' }, T)).toBeInTheDocument();
  });

  it('asks for the current password once the email differs, and shows the server’s answer on its field', async () => {
    const { api } = openAccount({
      'PUT /api/v1/session/profile': {
        status: 422,
        body: {
          message: 'The current password is incorrect.',
          errors: { current_password: ['The current password is incorrect.'] },
        },
      },
    });
    const section = await details();
    const email = await within(section).findByRole('textbox', { name: 'Email address' }, T);
    await userEvent.clear(email);
    await userEvent.type(email, 'ada.king@example.com');
    const current = within(section).getByLabelText('Current password');
    expect(within(section).getByText(/We will tell both the old and the new address/)).toBeInTheDocument();
    // Without it, nothing is sent.
    await userEvent.click(within(section).getByRole('button', { name: 'Save details' }));
    expect(
      await within(section).findByText('Enter your current password to change your email.', {}, T),
    ).toBeInTheDocument();
    expect(api.called('PUT /api/v1/session/profile')).toHaveLength(0);

    await userEvent.type(current, 'Wrong-Pass-1');
    await userEvent.click(within(section).getByRole('button', { name: 'Save details' }));
    expect(await within(section).findByText('The current password is incorrect.', {}, T)).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(api.called('PUT /api/v1/session/profile')[0].body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada.king@example.com',
      current_password: 'Wrong-Pass-1',
    });
  });

  it('shows a taken email on the email field', async () => {
    openAccount({
      'PUT /api/v1/session/profile': {
        status: 422,
        body: {
          message: 'The email has already been taken.',
          errors: { email: ['The email has already been taken.'] },
        },
      },
    });
    const section = await details();
    const email = await within(section).findByRole('textbox', { name: 'Email address' }, T);
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@example.com');
    await userEvent.type(within(section).getByLabelText('Current password'), 'Correct-Horse-9');
    await userEvent.click(within(section).getByRole('button', { name: 'Save details' }));
    expect(await within(section).findByText('The email has already been taken.', {}, T)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Change password', () => {
  beforeEach(freshPage);

  const fill = async (section: HTMLElement, current: string, next: string, confirmation: string) => {
    if (current) await userEvent.type(within(section).getByLabelText('Current password'), current);
    if (next) await userEvent.type(within(section).getByLabelText('New password'), next);
    if (confirmation) await userEvent.type(within(section).getByLabelText('Confirm new password'), confirmation);
  };
  const rule = (section: HTMLElement, text: string) => within(section).getByText(text).closest('li') as HTMLElement;

  it('ticks the policy’s rules as the person types', async () => {
    openAccount({});
    const section = await passwordSection();
    const field = await within(section).findByLabelText('New password', {}, T);
    expect(rule(section, 'More than 8 characters')).toHaveAttribute('data-met', 'false');
    expect(within(rule(section, 'A number')).getByText('(still needed)')).toBeInTheDocument();
    await userEvent.type(field, 'abc');
    expect(rule(section, 'A lower case letter')).toHaveAttribute('data-met', 'true');
    expect(rule(section, 'An upper case letter')).toHaveAttribute('data-met', 'false');
    await userEvent.type(field, 'DEF12345');
    for (const text of ['More than 8 characters', 'An upper case letter', 'A lower case letter', 'A number'])
      expect(rule(section, text)).toHaveAttribute('data-met', 'true');
    expect(within(rule(section, 'A number')).getByText('(done)')).toBeInTheDocument();
  });

  it('says "Passwords do not match" and sends nothing; rules not met send nothing either', async () => {
    const { api } = openAccount({});
    const section = await passwordSection();
    await within(section).findByLabelText('New password', {}, T);
    await fill(section, 'Correct-Horse-9', 'Brand-New-Pass-42', 'Brand-New-Pass-43');
    await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByText('Passwords do not match', {}, T)).toBeInTheDocument();
    expect(within(section).getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(within(section).getByLabelText('New password'));
    await userEvent.type(within(section).getByLabelText('New password'), 'weak');
    await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(
      await within(section).findByText('The new password does not meet every rule below.', {}, T),
    ).toBeInTheDocument();
    expect(api.called('POST /api/v1/session/password')).toHaveLength(0);
  });

  it('puts the server’s policy errors on the new password field', async () => {
    openAccount({
      'POST /api/v1/session/password': {
        status: 422,
        body: {
          message: 'The new password is too common. Please choose another.',
          errors: { new_password: ['The new password is too common. Please choose another.'] },
        },
      },
    });
    const section = await passwordSection();
    await within(section).findByLabelText('New password', {}, T);
    await fill(section, 'Correct-Horse-9', 'Password123', 'Password123');
    await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(
      await within(section).findByText('The new password is too common. Please choose another.', {}, T),
    ).toBeInTheDocument();
    expect(within(section).getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a lock (429) shows the server’s message', async () => {
    openAccount({
      'POST /api/v1/session/password': {
        status: 429,
        body: { message: 'Too many wrong passwords. Please try again in 60 seconds.' },
      },
    });
    const section = await passwordSection();
    await within(section).findByLabelText('New password', {}, T);
    await fill(section, 'Guess-Guess-1', 'Brand-New-Pass-42', 'Brand-New-Pass-42');
    await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(
      await within(section).findByText('Too many wrong passwords. Please try again in 60 seconds.', {}, T),
    ).toBeInTheDocument();
  });

  it('keeps this browser signed in with the new token and offers to end a session still signed in', async () => {
    let sessions = [THIS];
    const { api } = openAccount({
      'GET /api/v1/session/sessions': () => ({ status: 200, body: { data: sessions } }),
      'POST /api/v1/session/password': () => {
        // A session signed in with the new password meanwhile is still there afterwards.
        sessions = [THIS, LATE];
        return {
          status: 200,
          body: {
            data: {
              message: 'Your password has been changed',
              access_token: 'oly_new',
              token_type: 'Bearer',
              expires_at: '2026-11-24T21:00:00Z',
            },
          },
        };
      },
      'POST /api/v1/session/sessions/revoke-others': () => {
        sessions = [THIS];
        return { status: 200, body: { data: { message: 'Your other sessions have been signed out', revoked: 1 } } };
      },
    });
    const section = await passwordSection();
    await within(section).findByLabelText('New password', {}, T);
    await fill(section, 'Correct-Horse-9', 'Brand-New-Pass-42', 'Brand-New-Pass-42');
    await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(
      await within(section).findByText(/Your password has been changed\. You are still signed in here/, {}, T),
    ).toBeInTheDocument();
    expect(api.called('POST /api/v1/session/password')[0].body).toEqual({
      current_password: 'Correct-Horse-9',
      new_password: 'Brand-New-Pass-42',
      new_password_confirmation: 'Brand-New-Pass-42',
    });
    expect(authStore.get().access_token).toBe('oly_new');
    expect(within(section).getByLabelText('Current password')).toHaveValue('');
    // Later calls carry the new token.
    const later = api.calls.filter((c) => c.path === '/api/v1/session/sessions').at(-1);
    expect(later?.headers.Authorization).toBe('Bearer oly_new');

    expect(await within(section).findByText('Another session is still signed in.', {}, T)).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Sign out all other sessions' }));
    await waitFor(() => expect(api.called('POST /api/v1/session/sessions/revoke-others')).toHaveLength(1), T);
    await waitFor(
      () => expect(within(section).queryByText('Another session is still signed in.')).not.toBeInTheDocument(),
      T,
    );
  });

  it('without other sessions left, offers nothing more', async () => {
    openAccount({
      'POST /api/v1/session/password': {
        status: 200,
        body: {
          data: {
            message: 'Your password has been changed',
            access_token: 'oly_new',
            token_type: 'Bearer',
            expires_at: '2026-11-24T21:00:00Z',
          },
        },
      },
    });
    const section = await passwordSection();
    await within(section).findByLabelText('New password', {}, T);
    await fill(section, 'Correct-Horse-9', 'Brand-New-Pass-42', 'Brand-New-Pass-42');
    await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByText(/Your password has been changed/, {}, T)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
  });

  it('a single-sign-on user is told why, with no password form and the email read-only', async () => {
    openAccount({}, { name: 'Ada Lovelace', email: 'ada@corp.example', sso_only: true });
    const section = await passwordSection();
    expect(
      await within(section).findByText(/Your organisation signs you in with single sign-on/, {}, T),
    ).toBeInTheDocument();
    expect(within(section).queryByLabelText('New password')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
    const email = await within(await details()).findByRole('textbox', { name: 'Email address' }, T);
    expect(email).toHaveAttribute('readonly');
    expect(within(await details()).getByText(/single sign-on manages this address/)).toBeInTheDocument();
  });
});
