// The user edit screen's "Two-factor sign-in" section: on or off, and "Reset two-factor sign-in" after
// a confirmation that says what it does; nothing at all when the API refuses.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshPage, makeUser, renderApp, sessionApi, signIn, type Handler } from './shell-harness';
import type { FormFieldGroup } from '../../contract/forms';

const T = { timeout: 10_000 };
const FIELDS: FormFieldGroup[] = [
  { group: 'Details', fields: [{ name: 'name', label: 'Name', type: 'text', required: true, value: 'Bob Stone' }] },
];

function openUserEdit(routes: Record<string, Handler>) {
  const admin = makeUser({ role: 'admin', permissions: ['users.*'] });
  signIn(admin);
  const api = sessionApi(admin, {
    'GET /api/v1/users/u-bob/edit': {
      status: 200,
      body: { data: { uuid: 'u-bob', id: 'u-bob', name: 'Bob Stone' }, fields: FIELDS },
    },
    'GET /api/v1/users/u-bob/sessions': { status: 200, body: { data: [] } },
    ...routes,
  });
  return { api, ...renderApp('/dashboard/users/u-bob/edit') };
}

describe('User edit: two-factor sign-in', () => {
  beforeEach(freshPage);

  it('resets it after confirming, and then shows it off', async () => {
    let enabled = true;
    const { api } = openUserEdit({
      'GET /api/v1/users/u-bob/two-factor': () => ({ status: 200, body: { data: { enabled, may_reset: true } } }),
      'POST /api/v1/users/u-bob/two-factor/reset': () => {
        enabled = false;
        return { status: 200, body: { data: { message: 'Two-factor sign-in has been reset.', enabled: false } } };
      },
    });
    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' }, T);
    expect(
      await within(section).findByText('On: signing in asks for a code from an authenticator app.', {}, T),
    ).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Reset two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(within(dialog).getByText('Reset two-factor sign-in of Bob Stone?')).toBeInTheDocument();
    expect(within(dialog).getByText(/signed out everywhere and told by email/)).toBeInTheDocument();
    expect(api.called('POST /api/v1/users/u-bob/two-factor/reset')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset two-factor sign-in' }));
    expect(
      await screen.findByText(
        'Two-factor sign-in has been reset. The user has been signed out and told by email.',
        {},
        T,
      ),
    ).toBeInTheDocument();
    expect(
      await within(section).findByText('Off: the user signs in with their password alone.', {}, T),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Reset two-factor sign-in' })).not.toBeInTheDocument();
    expect(api.called('POST /api/v1/users/u-bob/two-factor/reset')).toHaveLength(1);
  });

  it('offers no reset when the server would refuse it (oneself, or someone with as much access)', async () => {
    openUserEdit({
      'GET /api/v1/users/u-bob/two-factor': { status: 200, body: { data: { enabled: true, may_reset: false } } },
    });
    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' }, T);
    expect(
      await within(section).findByText('On: signing in asks for a code from an authenticator app.', {}, T),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Reset two-factor sign-in' })).not.toBeInTheDocument();
  });

  it('shows nothing when the API refuses (a super admin seen by an admin)', async () => {
    openUserEdit({
      'GET /api/v1/users/u-bob/two-factor': {
        status: 403,
        body: { message: 'Only a super admin can change a super admin.' },
      },
    });
    await screen.findByRole('textbox', { name: /Name/ }, T);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('region', { name: 'Two-factor sign-in' })).not.toBeInTheDocument();
  });
});
