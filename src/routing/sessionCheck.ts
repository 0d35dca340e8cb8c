// The API confirms a stored token once per page load (the authenticated check), and the session
// user is refreshed with it so roles and systems changed on the server since the last visit apply.
// Later navigations decide from the stored state; an expired token then surfaces as a 401 (checkError).
import { checkAuthenticated } from '../../providers/authProvider';
import { applySession } from '../../providers/authSession';
import { fetchSession } from '../../providers/olympusApi';
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

/** Forget the confirmation (a new page load in tests). */
export function forgetVerification(): void {
  verifiedToken = null;
  inflight = null;
}
