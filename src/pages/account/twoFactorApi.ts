// The caller's own second factor (server/session/ownTwoFactorRoutes.ts): status, set-up, confirmation
// with a first code, turning off and new recovery codes (each with the current password; turning on
// without it just after a sign-in that is held back until enrolment).
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, isSuccess, type ApiResult } from '../../../providers/httpClient';
import { SessionsError } from './sessionsApi';

export interface TwoFactorStatus {
  enabled: boolean;
  recovery_codes_left: number;
  sso_only: boolean;
  /** Turning it on asks for the current password (not just after a sign-in held back until enrolment). */
  password_needed: boolean;
}

export interface TwoFactorSetup {
  secret: string;
  otpauth_uri: string;
  /** The otpauth URI as an SVG data URL. */
  qr_code: string;
}

export interface RecoveryCodes {
  message: string;
  recovery_codes: string[];
}

export const TWO_FACTOR_KEY = ['olympus.account', 'two-factor'] as const;

async function fetchStatus(): Promise<TwoFactorStatus> {
  const res = await apiGet<TwoFactorStatus>('/api/v1/session/two-factor');
  if (!isSuccess(res) || !res.data)
    throw new SessionsError(res?.status ?? null, typeof res?.message === 'string' ? res.message : null);
  return res.data;
}

export const useTwoFactorStatus = () => useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: fetchStatus, retry: false });

/** `current_password`: undefined just after a sign-in held back until enrolment (the server's window). */
const proof = (current_password: string | undefined) => (current_password === undefined ? {} : { current_password });
export const startSetup = (current_password?: string): Promise<ApiResult<TwoFactorSetup> | undefined> =>
  apiPost('/api/v1/session/two-factor/setup', proof(current_password));
export const confirmSetup = (code: string, current_password?: string): Promise<ApiResult<RecoveryCodes> | undefined> =>
  apiPost('/api/v1/session/two-factor/confirm', { code, ...proof(current_password) });
export const turnOff = (
  current_password: string,
): Promise<ApiResult<TwoFactorStatus & { message: string }> | undefined> =>
  apiPost('/api/v1/session/two-factor/disable', { current_password });
export const newRecoveryCodes = (current_password: string): Promise<ApiResult<RecoveryCodes> | undefined> =>
  apiPost('/api/v1/session/two-factor/recovery-codes', { current_password });

const userPath = (userId: string) => `/api/v1/users/${encodeURIComponent(userId)}/two-factor`;

function unwrap<T>(res: ApiResult<T> | undefined): T {
  if (!isSuccess(res) || res.data === undefined)
    throw new SessionsError(res?.status ?? null, typeof res?.message === 'string' ? res.message : null);
  return res.data as T;
}

/** An administrator's view of another user's second factor (the user edit screen). */
export const fetchUserTwoFactor = async (userId: string) =>
  unwrap(await apiGet<{ enabled: boolean; may_reset: boolean }>(userPath(userId)));
export const resetUserTwoFactor = async (userId: string) =>
  unwrap(await apiPost<{ message: string; enabled: false }>(`${userPath(userId)}/reset`));
