// A login answers a token or a session. With a token: store it, fetch the session, set the
// user and make the first company current. With a session: keep username and session (→ /password/new).
import type { LoginData, SessionUser } from '../contract/types';
import { fetchSession, type ApiResult } from './olympusApi';
import { AUTH_DEFAULTS, authStore } from './store';

export type LoginOutcome = 'token' | 'session' | 'second_factor' | 'failed';

export async function completeLogin(result: ApiResult<LoginData> | undefined): Promise<LoginOutcome> {
  const data = result && result.status === 200 ? result.data : undefined;
  if (!data) return 'failed';
  if ('access_token' in data && data.access_token) {
    authStore.set({ ...AUTH_DEFAULTS, access_token: data.access_token });
    const ok = await loadSessionUser();
    if (!ok) {
      authStore.reset();
      return 'failed';
    }
    return 'token';
  }
  // Two-factor sign-in: nothing is stored; the login form keeps the challenge for its code step.
  if ('mfa_required' in data && data.mfa_required) return 'second_factor';
  if ('session' in data && data.session) {
    authStore.set({ ...AUTH_DEFAULTS, session: data.session, username: data.username });
    return 'session';
  }
  return 'failed';
}

/** GET /session → user; keeps the current company when it is still one of the user's, else the first. */
export async function loadSessionUser(): Promise<SessionUser | null> {
  return applySession(await fetchSession());
}

/** Takes the answer of GET /session as the signed-in user (see loadSessionUser); null when it failed. */
export function applySession(res: ApiResult<SessionUser> | undefined): SessionUser | null {
  if (!res || res.status !== 200 || !res.data) return null;
  const user = res.data;
  const { currentCompany } = authStore.get();
  const current = user.companies.find((c) => c.uuid === currentCompany) ?? user.companies[0] ?? null;
  authStore.set({ user, currentCompany: current?.uuid ?? null, currentCompanyName: current?.name ?? null });
  return user;
}
