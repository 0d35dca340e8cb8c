// The route guard as a pure function of the address and the stored session, so every rule is
// testable without rendering. The guard component (RouteGuard.tsx) acts on the answer.
import { areaForPath, mayOpenArea, type Viewer } from '../../contract/access';
import { loginPath } from '../../providers/authProvider';

export const DASHBOARD_PATH = '/dashboard';
/** The one screen open while the user's role requires two-factor sign-in they have not turned on. */
export const ACCOUNT_PATH = '/dashboard/account';

/** none: open to anyone; guest: signed-out users only; login: signed-in users, subject to the area's route rules
 * (contract/access.ts). */
export type Restriction = 'none' | 'guest' | 'login';

export type Decision =
  /**
   * A token is held but not yet confirmed by the API in this page load: check first (loading state).
   * `render`: the stored session would be let in, so the view renders hidden behind the loading
   * screen meanwhile — its code and data load alongside the check instead of after it.
   */
  | { kind: 'verify'; render: boolean }
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Signed in and ?system= asks for a connected system: show the message and hand off. */
  | { kind: 'system'; name: string };

export interface GuardInput {
  restriction: Restriction;
  pathname: string;
  search: string;
  token: string | null;
  /** The token has been confirmed by POST /auth/authenticated in this page load. */
  verified: boolean;
  viewer: Viewer;
  /** The session says the role requires two-factor sign-in not yet turned on: only the account page opens. */
  enrolmentRequired?: boolean;
}

export function decideRoute(input: GuardInput): Decision {
  const { restriction, pathname, token, verified, enrolmentRequired } = input;
  const decision = decideOpenRoute(input);
  // Until enrolled, no hand-off and no other screen: the server refuses them anyway.
  if (!token || !verified || !enrolmentRequired || decision.kind === 'verify') return decision;
  if (decision.kind === 'system') return { kind: 'redirect', to: ACCOUNT_PATH };
  if (restriction === 'login' && pathname !== ACCOUNT_PATH) return { kind: 'redirect', to: ACCOUNT_PATH };
  return decision;
}

function decideOpenRoute({
  restriction,
  pathname,
  search,
  token,
  verified,
  viewer,
  enrolmentRequired,
}: GuardInput): Decision {
  const system = new URLSearchParams(search).get('system')?.trim() || null;
  // Open pages need no check unless a system hand-off depends on the answer.
  const needsAnswer = restriction !== 'none' || system !== null;
  if (token && !verified && needsAnswer)
    return {
      kind: 'verify',
      render:
        decideRoute({ restriction, pathname, search, token, verified: true, viewer, enrolmentRequired }).kind ===
        'allow',
    };
  const loggedIn = !!token;

  if (system && loggedIn) return { kind: 'system', name: system };
  if (restriction === 'guest') return loggedIn ? { kind: 'redirect', to: DASHBOARD_PATH } : { kind: 'allow' };
  if (restriction === 'login') {
    if (!loggedIn) return { kind: 'redirect', to: loginPath(search) };
    const area = areaForPath(pathname);
    if (area && !mayOpenArea(area, viewer)) return { kind: 'redirect', to: DASHBOARD_PATH };
  }
  return { kind: 'allow' };
}
