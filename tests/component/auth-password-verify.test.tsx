import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PasswordVerifyPage from '../../src/pages/auth/PasswordVerifyPage';
import { currentUrl, deferred, fakeDelays, renderAt, stubApi } from './auth-test-utils';

const VERIFY = 'POST /api/v1/auth/password/reset/verify';
const URL = '/password/reset/verify?email=ada%40example.com';

function setup(url = URL) {
  renderAt(<PasswordVerifyPage />, { route: '/password/reset/verify', url });
  return userEvent.setup({ delay: null });
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  password = 'NewSecret123',
  confirmation = password,
  code = '123456',
) {
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirmation);
  await user.type(screen.getByLabelText('Verification Code'), code);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('PasswordVerifyPage (/password/reset/verify)', () => {
  beforeEach(() => fakeDelays());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the four required fields, the email prefilled from the query', () => {
    setup();
    const email = screen.getByLabelText('Email Address');
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveAttribute('type', 'email');
    for (const label of ['Email Address', 'New Password', 'Confirm Password', 'Verification Code']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByText('The verification code was sent to your email address.')).toBeInTheDocument();
  });

  it('sends nothing while a field is empty', async () => {
    const api = stubApi({});
    const user = setup('/password/reset/verify');
    await fill(user);
    expect(api.apiCalls()).toEqual([]);
    expect(screen.getByLabelText('Email Address')).toBeInvalid();
  });

  it('says "Password and password confirmation do not match" and sends nothing when they differ', async () => {
    const api = stubApi({});
    const user = setup();
    await fill(user, 'NewSecret123', 'NewSecret999');
    expect(screen.getByText('Password and password confirmation do not match')).toBeInTheDocument();
    expect(api.apiCalls()).toEqual([]);
  });

  it('shows the server message and goes to /login after exactly 1500 ms', async () => {
    const reply = deferred();
    const api = stubApi({ [VERIFY]: reply.handler });
    const user = setup();
    await fill(user);
    expect(await screen.findByRole('button', { name: 'Please wait...' })).toBeDisabled();
    expect(api.apiCalls()[0]).toMatchObject({
      body: { email: 'ada@example.com', new_password: 'NewSecret123', verification_code: '123456' },
    });
    reply.release({ status: 200, body: { data: { message: 'Your password has been reset' } } });
    expect(await screen.findByText('Your password has been reset')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1499));
    expect(currentUrl()).toBe(URL);
    act(() => vi.advanceTimersByTime(1));
    expect(currentUrl()).toBe('/login');
  });

  it('shows the server message with a period and the field errors on their fields', async () => {
    stubApi({
      [VERIFY]: {
        status: 422,
        body: {
          message: 'The verification code is invalid or has expired.',
          errors: { verification_code: ['The verification code is invalid or has expired.'] },
        },
      },
    });
    const user = setup();
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The verification code is invalid or has expired\.$/);
    expect(screen.getByLabelText('Verification Code')).toHaveAccessibleDescription(
      'The verification code is invalid or has expired.',
    );
    expect(screen.getByLabelText('Verification Code')).toHaveAttribute('aria-invalid', 'true');
    act(() => vi.advanceTimersByTime(5000));
    expect(currentUrl()).toBe(URL);
  });

  it('shows "Something went wrong" when the call fails', async () => {
    stubApi({ [VERIFY]: 'network-error' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = setup();
    await fill(user);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});
