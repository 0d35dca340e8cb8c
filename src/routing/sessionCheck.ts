// The API confirms a stored token once per page load (the authenticated check), and the session
// user is refreshed with it so roles and systems changed on the server since the last visit apply.
// Later navigations decide from the stored state; an expired token then surfaces as a 401 (checkError).
import type { SessionUser } from '../../contract/types';
import { checkAuthenticated } from '../../providers/authProvider';
import { applySession } from '../../providers/authSession';
import { settledEarly, takeSettledEarly } from '../../providers/httpClient';
import { AUTHENTICATED_PATH, fetchSession, SESSION_PATH } from '../../providers/olympusApi';
import { authStore } from '../../providers/store';

let verifiedToken: string | null = null;
let inflight: { token: string | null; promise: Promise<boolean> } | null = null;

export const isVerified = (token: string | null): boolean => token !== null && token === verifiedToken;

/** Confirm the stored token with the API; false (and the state reset) when it is no longer valid. */
export function verifySession(): Promise<boolean> {
  const token = authStore.get().access_token;
  // Guards mounting together (or twice in StrictMode) share one check.
  if (inflight?.token === token) return inflight.promise;
  const promise = (async () => {
    // The session is read alongside the check rather than after it, and taken only if the check passes.
    const session = token ? fetchSession() : Promise.resolve(undefined);
    if (!(await checkAuthenticated())) return false;
    // A failed refresh keeps the stored user: the API enforces access on every call anyway.
    applySession(await session);
    verifiedToken = token;
    return true;
  })().finally(() => {
    if (inflight?.promise === promise) inflight = null;
  });
  inflight = { token, promise };
  return promise;
}

/**
 * Before the first render: when the start-up's own check and session refresh (src/startup/firstScreen.ts)
 * have both answered already and the check passed, the token counts as confirmed now, the session applied.
 * The route guard then lets the first screen show at its first render instead of behind the loading screen
 * until a check it would start after that render (docs/speed.md). Otherwise nothing changes: a check still
 * on its way, or a refusal, is left to the guard's own (verifySession).
 */
export function confirmFromEarlyAnswers(): void {
  const token = authStore.get().access_token;
  if (!token || isVerified(token) || !settledEarly('POST', AUTHENTICATED_PATH) || !settledEarly('GET', SESSION_PATH))
    return;
  const check = takeSettledEarly('POST', AUTHENTICATED_PATH);
  const session = takeSettledEarly<SessionUser>('GET', SESSION_PATH);
  if (check?.status !== 200) return;
  applySession(session);
  verifiedToken = token;
}

/** Forget the confirmation (a new page load in tests). */
export function forgetVerification(): void {
  verifiedToken = null;
  inflight = null;
}
