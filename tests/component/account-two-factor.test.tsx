// The account page's "Two-factor sign-in" section through the real App: "Turn on" shows the QR code
// and the key as text, a first code confirms it and the ten recovery codes are shown once; "New
// recovery codes" and "Turn off" ask for the current password and show its refusal on the field;
// single-sign-on users are told their provider's factor applies.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshPage, makeUser, renderApp, sessionApi, signIn, type Handler } from './shell-harness';

const T = { timeout: 10_000 };
const STATUS = 'GET /api/v1/session/two-factor';
const ADA = makeUser({ role: 'system_user' });
const CODES = [
  'AAAAA-BBBBB',
  'CCCCC-DDDDD',
  'EEEEE-FFFFF',
  'GGGGG-HHHHH',
  'JJJJJ-KKKKK',
  'MMMMM-NNNNN',
  'PPPPP-QQQQQ',
  'RRRRR-SSSSS',
  'TTTTT-UUUUU',
  'VVVVV-WWWWW',
];
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_uri: 'otpauth://totp/Olympus:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};

function openAccount(routes: Record<string, Handler>) {
  signIn(ADA);
  const api = sessionApi(ADA, {
    'GET /api/v1/session/profile': {
      status: 200,
      body: { data: { name: 'Ada Lovelace', email: 'ada@example.com', sso_only: false } },
    },
    'GET /api/v1/session/sessions': { status: 200, body: { data: [] } },
    ...routes,
  });
  renderApp('/dashboard/account');
  return api;
}

const section = () => screen.findByRole('region', { name: 'Two-factor sign-in' }, T);

describe('Two-factor sign-in', () => {
  beforeEach(freshPage);

  it('turns on: the current password first, then QR code and key, a wrong code on its field, then the recovery codes shown once', async () => {
    let enabled = false;
    const api = openAccount({
      [STATUS]: () => ({
        status: 200,
        body: { data: { enabled, recovery_codes_left: enabled ? 10 : 0, sso_only: false, password_needed: true } },
      }),
      'POST /api/v1/session/two-factor/setup': (call) =>
        (call.body as { current_password?: string }).current_password === 'Right-Pass-1'
          ? { status: 200, body: { data: SETUP } }
          : {
              status: 422,
              body: {
                message: 'The current password is not right.',
                errors: { current_password: ['The current password is not right.'] },
              },
            },
      'POST /api/v1/session/two-factor/confirm': (call) => {
        if ((call.body as { code: string }).code !== '123456')
          return {
            status: 422,
            body: {
              message: 'That code is not right.',
              errors: {
                code: ['That code is not right. Check that your phone’s clock is correct and try the newest code.'],
              },
            },
          };
        enabled = true;
        return { status: 200, body: { data: { message: 'Two-factor sign-in is on', recovery_codes: CODES } } };
      },
    });
    const s = await section();
    await userEvent.click(await within(s).findByRole('button', { name: 'Turn on' }, T));
    expect(within(s).getByText(/Enter your current password to turn on two-factor sign-in/)).toBeInTheDocument();
    const password = within(s).getByLabelText('Current password', { exact: false });
    await userEvent.type(password, 'Wrong-Pass-1');
    await userEvent.click(within(s).getByRole('button', { name: 'Continue' }));
    expect(await within(s).findByText('The current password is not right.', {}, T)).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'Right-Pass-1');
    await userEvent.click(within(s).getByRole('button', { name: 'Continue' }));
    expect(
      await within(s).findByRole('img', { name: 'QR code to add Olympus to your authenticator app' }, T),
    ).toHaveAttribute('src', SETUP.qr_code);
    expect(within(s).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    const code = within(s).getByRole('textbox', { name: 'Code from the app' });

    // Not six digits: nothing is sent.
    await userEvent.type(code, '12');
    await userEvent.click(within(s).getByRole('button', { name: 'Confirm and turn on' }));
    expect(await within(s).findByText('Enter the 6 digits the app shows.', {}, T)).toBeInTheDocument();
    expect(api.called('POST /api/v1/session/two-factor/confirm')).toHaveLength(0);

    await userEvent.clear(code);
    await userEvent.type(code, '999999');
    await userEvent.click(within(s).getByRole('button', { name: 'Confirm and turn on' }));
    expect(await within(s).findByText(/That code is not right. Check/, {}, T)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(within(s).getByRole('button', { name: 'Confirm and turn on' }));
    const list = await within(s).findByRole('list', { name: 'Recovery codes' }, T);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    // The password that started the set-up goes with the code too: the server asks for it at both steps.
    expect(api.called('POST /api/v1/session/two-factor/confirm').map((c) => c.body)).toEqual([
      { code: '999999', current_password: 'Right-Pass-1' },
      { code: '123456', current_password: 'Right-Pass-1' },
    ]);
    expect(within(s).getByText('Two-factor sign-in is on.', { selector: '.MuiAlert-message' })).toBeInTheDocument();
    expect(within(s).queryByText(SETUP.secret)).not.toBeInTheDocument();

    await userEvent.click(within(s).getByRole('button', { name: 'I have saved them' }));
    expect(await within(s).findByText('You have 10 unused recovery codes.', {}, T)).toBeInTheDocument();
    expect(within(s).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('new recovery codes and turning off ask for the password; a wrong one shows on the field', async () => {
    let enabled = true;
    const api = openAccount({
      [STATUS]: () => ({
        status: 200,
        body: { data: { enabled, recovery_codes_left: enabled ? 3 : 0, sso_only: false } },
      }),
      'POST /api/v1/session/two-factor/recovery-codes': {
        status: 200,
        body: { data: { message: 'New recovery codes', recovery_codes: CODES } },
      },
      'POST /api/v1/session/two-factor/disable': (call) => {
        if ((call.body as { current_password: string }).current_password !== 'Right-Pass-1') {
          return {
            status: 422,
            body: {
              message: 'The current password is incorrect.',
              errors: { current_password: ['The current password is incorrect.'] },
            },
          };
        }
        enabled = false;
        return {
          status: 200,
          body: {
            data: { message: 'Two-factor sign-in is off', enabled: false, recovery_codes_left: 0, sso_only: false },
          },
        };
      },
    });
    const s = await section();
    expect(await within(s).findByText('You have 3 unused recovery codes.', {}, T)).toBeInTheDocument();

    await userEvent.click(within(s).getByRole('button', { name: 'New recovery codes' }));
    await userEvent.type(within(s).getByLabelText('Current password'), 'Right-Pass-1');
    await userEvent.click(within(s).getByRole('button', { name: 'New recovery codes' }));
    expect(await within(s).findByRole('list', { name: 'Recovery codes' }, T)).toBeInTheDocument();
    expect(api.called('POST /api/v1/session/two-factor/recovery-codes')[0].body).toEqual({
      current_password: 'Right-Pass-1',
    });
    await userEvent.click(within(s).getByRole('button', { name: 'I have saved them' }));

    await userEvent.click(await within(s).findByRole('button', { name: 'Turn off' }, T));
    const password = within(s).getByLabelText('Current password');
    // Empty: nothing is sent.
    await userEvent.click(within(s).getByRole('button', { name: 'Turn off' }));
    expect(await within(s).findByText('Enter your current password.', {}, T)).toBeInTheDocument();
    expect(api.called('POST /api/v1/session/two-factor/disable')).toHaveLength(0);
    await userEvent.type(password, 'Wrong-Pass-1');
    await userEvent.click(within(s).getByRole('button', { name: 'Turn off' }));
    expect(await within(s).findByText('The current password is incorrect.', {}, T)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(password);
    await userEvent.type(password, 'Right-Pass-1');
    await userEvent.click(within(s).getByRole('button', { name: 'Turn off' }));
    expect(await within(s).findByText('Two-factor sign-in is off.', {}, T)).toBeInTheDocument();
    expect(await within(s).findByRole('button', { name: 'Turn on' }, T)).toBeInTheDocument();
  });

  it('a single-sign-on user is told their provider asks for its own second factor', async () => {
    openAccount({
      [STATUS]: { status: 200, body: { data: { enabled: false, recovery_codes_left: 0, sso_only: true } } },
    });
    const s = await section();
    expect(
      await within(s).findByText(
        'Your organisation signs you in with single sign-on, which asks for its own second factor.',
        {},
        T,
      ),
    ).toBeInTheDocument();
    expect(within(s).queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();
  });
});
