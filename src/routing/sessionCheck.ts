// The API confirms a stored token once per page load (SPEC §4 authenticated check), and the session
// user is refreshed with it so roles and systems changed on the server since the last visit apply.
// Later navigations decide from the stored state; an expired token then surfaces as a 401 (checkError).
import { checkAuthenticated } from '../../providers/authProvider';
import { loadSessionUser } from '../../providers/authSession';
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
    if (!(await checkAuthenticated())) return false;
    // A failed refresh keeps the stored user: the API enforces access on every call anyway.
    await loadSessionUser();
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
