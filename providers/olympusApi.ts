// The API's sign-in and session calls, one function each. Auth calls fetch the CSRF cookie first.
import type { LoginData, SessionUser } from '../contract/types';
import { apiGet, apiPost, csrfCookie, type ApiResult } from './httpClient';

export async function login(email: string, password: string) {
  await csrfCookie();
  return apiPost<LoginData>('/api/v1/auth/login', { email, password });
}
/** The second step of sign-in for a user with two-factor sign-in: a TOTP or recovery code. */
export async function loginMfa(challenge: string, code: string) {
  await csrfCookie();
  return apiPost<LoginData>('/api/v1/auth/login/mfa', { challenge, code });
}
/** The calls of the route guard's check (src/routing/sessionCheck.ts), also started early (src/startup/firstScreen.ts).
 */
export const SESSION_PATH = '/api/v1/session';
export const AUTHENTICATED_PATH = '/api/v1/auth/authenticated';

export const fetchSession = () => apiGet<SessionUser>(SESSION_PATH);
export async function logout() {
  return apiPost<{ message: string }>('/api/v1/auth/logout');
}
export const authenticated = () => apiPost<{ authenticated: boolean }>(AUTHENTICATED_PATH);

export async function passwordReset(email: string) {
  await csrfCookie();
  return apiPost<{ message: string }>('/api/v1/auth/password/reset', { email });
}
export async function passwordVerify(body: { email: string; new_password: string; verification_code: string }) {
  await csrfCookie();
  return apiPost<{ message: string }>('/api/v1/auth/password/reset/verify', body);
}
export async function passwordNew(body: { username: string; name: string; new_password: string; session: string }) {
  await csrfCookie();
  return apiPost<LoginData & { message?: string }>('/api/v1/auth/password/new', body);
}

/** The /invitation page: what a set-password link is for, then the password it sets. */
export interface InvitationInfo {
  email: string;
  name: string;
  kind: 'invite' | 'reset';
}
export async function invitationCheck(token: string) {
  await csrfCookie();
  return apiPost<InvitationInfo>('/api/v1/auth/invitation/check', { token });
}
export async function invitationAccept(body: { token: string; new_password: string }) {
  await csrfCookie();
  return apiPost<{ message: string }>('/api/v1/auth/invitation/accept', body);
}

export async function azureLoginUrl(system?: string | null) {
  await csrfCookie();
  return apiGet<{ url: string }>('/api/v1/auth/login/azure' + (system ? `?system=${encodeURIComponent(system)}` : ''));
}
export async function azureCallback(code: string, state: string | null) {
  await csrfCookie();
  return apiPost<LoginData & { system?: string | null }>('/api/v1/auth/login/azure/callback', { code, state });
}

export const systemRedirect = (systemId: string, tenant: string | null) =>
  apiGet<{ url: string }>(
    `/api/v1/systems/${encodeURIComponent(systemId)}/redirect?tenant=${encodeURIComponent(tenant ?? '')}`,
  );

export type { ApiResult };
