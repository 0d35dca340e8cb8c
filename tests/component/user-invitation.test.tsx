// The user edit screen's "Invitation" section: when the link was sent and expires, "Resend invitation"
// and "Copy invitation link" (the link on the clipboard, or shown once when the clipboard refuses),
// that earlier links stop working; nothing for a user with a password or when the API refuses; no
// buttons for a user beyond the caller's reach.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshPage, makeUser, renderApp, sessionApi, signIn, type Handler } from './shell-harness';
import type { FormFieldGroup } from '../../contract/forms';

const T = { timeout: 10_000 };
const FIELDS: FormFieldGroup[] = [
  { group: 'Details', fields: [{ name: 'name', label: 'Name', type: 'text', required: true, value: 'Ivy Invitee' }] },
];
const PATH = '/api/v1/users/u-ivy/invitation';
const LINK = 'http://olympus.test/invitation#abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const state = (over: object = {}) => ({
  password_set: false,
  sso: false,
  disabled: false,
  may_send: true,
  invitation: {
    sent_at: '2026-11-20T09:00:00.000Z',
    expires_at: '2026-11-23T09:00:00.000Z',
    expired: false,
    kind: 'invite',
  },
  ...over,
});

function openUserEdit(routes: Record<string, Handler>) {
  const admin = makeUser({ role: 'admin', permissions: ['users.*'] });
  signIn(admin);
  const api = sessionApi(admin, {
    'GET /api/v1/users/u-ivy/edit': {
      status: 200,
      body: { data: { uuid: 'u-ivy', id: 'u-ivy', name: 'Ivy Invitee' }, fields: FIELDS },
    },
    'GET /api/v1/users/u-ivy/sessions': { status: 200, body: { data: [] } },
    'GET /api/v1/users/u-ivy/two-factor': { status: 200, body: { data: { enabled: false, may_reset: false } } },
    ...routes,
  });
  return { api, ...renderApp('/dashboard/users/u-ivy/edit') };
}

describe('User edit: invitation', () => {
  beforeEach(freshPage);
  afterEach(() => vi.restoreAllMocks());

  it('shows when the link was sent and expires, resends it by mail, and says earlier links stop working', async () => {
    const { api } = openUserEdit({
      [`GET ${PATH}`]: { status: 200, body: { data: state() } },
      [`POST ${PATH}`]: {
        status: 200,
        body: { data: { message: 'A new invitation has been emailed. Earlier links no longer work.', ...state() } },
      },
    });
    const section = await screen.findByRole('region', { name: 'Invitation' }, T);
    expect(await within(section).findByText(/^Sent .*2026.*; the link expires .*2026.*\.$/, {}, T)).toBeInTheDocument();
    expect(
      within(section).getByText('A new link is made each time: links sent or copied earlier stop working.'),
    ).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Resend invitation' }));
    expect(
      await screen.findByText('A new invitation has been emailed. Earlier links no longer work.', {}, T),
    ).toBeInTheDocument();
    expect(api.called(`POST ${PATH}`).map((c) => c.body)).toEqual([{ mail: true }]);
  });

  it('copies a fresh link to the clipboard', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { api } = openUserEdit({
      [`GET ${PATH}`]: { status: 200, body: { data: state() } },
      [`POST ${PATH}`]: {
        status: 200,
        body: { data: { message: 'A new invitation link has been made.', ...state(), link: LINK } },
      },
    });
    const section = await screen.findByRole('region', { name: 'Invitation' }, T);
    await userEvent.click(await within(section).findByRole('button', { name: 'Copy invitation link' }, T));
    expect(
      await screen.findByText('The invitation link has been copied. Earlier links no longer work.', {}, T),
    ).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(api.called(`POST ${PATH}`).map((c) => c.body)).toEqual([{ mail: false }]);
    // Copied, not shown.
    expect(screen.queryByDisplayValue(LINK)).not.toBeInTheDocument();
  });

  it('shows the link once to copy by hand when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    openUserEdit({
      [`GET ${PATH}`]: { status: 200, body: { data: state() } },
      [`POST ${PATH}`]: {
        status: 200,
        body: { data: { message: 'A new invitation link has been made.', ...state(), link: LINK } },
      },
    });
    const section = await screen.findByRole('region', { name: 'Invitation' }, T);
    await userEvent.click(await within(section).findByRole('button', { name: 'Copy invitation link' }, T));
    expect(await within(section).findByRole('textbox', { name: 'Invitation link' }, T)).toHaveValue(LINK);
    expect(within(section).getByText(/Select it and copy it yourself/)).toBeInTheDocument();
  });

  it('says when the link has expired, and shows the server’s refusal', async () => {
    openUserEdit({
      [`GET ${PATH}`]: { status: 200, body: { data: state({ invitation: { ...state().invitation, expired: true } }) } },
      [`POST ${PATH}`]: {
        status: 403,
        body: {
          message:
            'This user has access you do not hold. Ask a super admin to change their email, password, sign-in or roles.',
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Invitation' }, T);
    expect(await within(section).findByText(/the link expired .*Send a new one\.$/, {}, T)).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Resend invitation' }));
    expect(
      await screen.findByText(
        'This user has access you do not hold. Ask a super admin to change their email, password, sign-in or roles.',
        {},
        T,
      ),
    ).toBeInTheDocument();
  });

  it('an SSO user: the Azure hint and "Resend invitation" only', async () => {
    openUserEdit({ [`GET ${PATH}`]: { status: 200, body: { data: state({ sso: true, invitation: null }) } } });
    const section = await screen.findByRole('region', { name: 'Invitation' }, T);
    expect(await within(section).findByText(/use "Login with Azure"/, {}, T)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Resend invitation' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Copy invitation link' })).not.toBeInTheDocument();
  });

  it('no buttons for a user beyond reach; nothing for a user with a password or when the API refuses', async () => {
    openUserEdit({ [`GET ${PATH}`]: { status: 200, body: { data: state({ may_send: false }) } } });
    const section = await screen.findByRole('region', { name: 'Invitation' }, T);
    expect(await within(section).findByText(/ask a super admin to send their invitation/, {}, T)).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  for (const [label, reply] of [
    ['a password set', { status: 200, body: { data: state({ password_set: true, invitation: null }) } }],
    ['a refusal', { status: 403, body: { message: 'Only a super admin can change a super admin.' } }],
  ] as const) {
    it(`shows no section for ${label}`, async () => {
      openUserEdit({ [`GET ${PATH}`]: reply });
      await screen.findByRole('region', { name: 'Two-factor sign-in' }, T);
      await act(() => new Promise((r) => setTimeout(r, 50)));
      expect(screen.queryByRole('region', { name: 'Invitation' })).not.toBeInTheDocument();
    });
  }
});
