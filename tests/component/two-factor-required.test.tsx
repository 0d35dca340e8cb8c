// A role that requires two-factor sign-in, through the real App: while the session says enrolment is
// required, every /dashboard path but the account page leads to the account page, which says why
// above the Two-factor section, and a ?system= hand-off is not followed; once turned on, the
// session is read again and the app opens normally. Everyone else is untouched.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  freshPage,
  location,
  makeUser,
  renderApp,
  sessionApi,
  signIn,
  stubLocation,
  type Handler,
} from './shell-harness';

const T = { timeout: 10_000 };
const NOTICE = 'Your role requires two-factor sign-in. Turn it on to continue.';
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_uri: 'otpauth://totp/Olympus:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBB${i}`);

function withEnrolment(required: () => boolean, extra: Record<string, Handler> = {}) {
  const user = () => ({
    ...makeUser({ permissions: ['users.*', 'systems.redirect'] }),
    two_factor_required: required(),
  });
  signIn(user());
  return sessionApi(user(), {
    'GET /api/v1/session': () => ({ status: 200, body: { data: user() } }),
    'GET /api/v1/session/profile': {
      status: 200,
      body: { data: { name: 'Ada Lovelace', email: 'ada@example.com', sso_only: false } },
    },
    'GET /api/v1/session/sessions': { status: 200, body: { data: [] } },
    // Just after a sign-in held back until enrolment, turning it on needs no password again.
    'GET /api/v1/session/two-factor': () => ({
      status: 200,
      body: {
        data: {
          enabled: !required(),
          recovery_codes_left: required() ? 0 : 10,
          sso_only: false,
          password_needed: !required(),
        },
      },
    }),
    ...extra,
  });
}

describe('a role that requires two-factor sign-in', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends every other dashboard path to the account page, with the notice above the Two-factor section', async () => {
    withEnrolment(() => true);
    for (const path of ['/dashboard', '/dashboard/users', '/dashboard/roles/create']) {
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(location(router)).toBe('/dashboard/account'), T);
      const notice = await screen.findByText(NOTICE, {}, T);
      const section = await screen.findByRole('region', { name: 'Two-factor sign-in' }, T);
      // The notice comes first, and the Two-factor section right after it.
      expect(notice.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      unmount();
    }
  });

  it('does not follow ?system= before enrolment', async () => {
    const { assign } = stubLocation();
    const api = withEnrolment(() => true);
    const { router } = renderApp('/dashboard?system=Everest');
    await waitFor(() => expect(location(router)).toBe('/dashboard/account'), T);
    expect(await screen.findByText(NOTICE, {}, T)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.includes('/redirect'))).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('after turning it on, the session is read again and the rest of the app opens', async () => {
    let required = true;
    const api = withEnrolment(() => required, {
      'POST /api/v1/session/two-factor/setup': { status: 200, body: { data: SETUP } },
      'POST /api/v1/session/two-factor/confirm': () => {
        required = false;
        return { status: 200, body: { data: { message: 'Two-factor sign-in is on', recovery_codes: CODES } } };
      },
      'GET /api/v1/users': {
        status: 200,
        body: { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } },
      },
    });
    const { router } = renderApp('/dashboard/account');
    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' }, T);
    await userEvent.click(await within(section).findByRole('button', { name: 'Turn on' }, T));
    await userEvent.type(await within(section).findByRole('textbox', { name: 'Code from the app' }, T), '123456');
    await userEvent.click(within(section).getByRole('button', { name: 'Confirm and turn on' }));
    expect(await within(section).findByRole('list', { name: 'Recovery codes' }, T)).toBeInTheDocument();
    // Within the window after the sign-in nothing asks for the password again.
    expect(api.called('POST /api/v1/session/two-factor/setup').map((c) => c.body)).toEqual([{}]);
    expect(api.called('POST /api/v1/session/two-factor/confirm').map((c) => c.body)).toEqual([{ code: '123456' }]);
    await waitFor(() => expect(screen.queryByText(NOTICE)).not.toBeInTheDocument(), T);
    await router.navigate('/dashboard/users');
    await waitFor(() => expect(location(router)).toBe('/dashboard/users'), T);
  });

  it('without the flag, the dashboard opens as before and there is no notice', async () => {
    withEnrolment(() => false);
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, T)).toBeInTheDocument();
    expect(location(router)).toBe('/dashboard');
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });
});
