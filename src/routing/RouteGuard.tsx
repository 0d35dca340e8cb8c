// The route guard around every route. Decides on each change of address (like a router's
// before-each hook), not on every change of the stored session: the sign-in and sign-out screens
// change the session first and navigate after their fixed delays, and must not be overtaken.
// On a fresh page load with a stored token the view the stored session may open already renders,
// hidden behind the loading screen, while the API confirms the token: its code and first list
// request run alongside the check instead of after it (no waterfall before the first row).
import { Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslate } from 'ra-core';
import { currentViewer } from '../../providers/authProvider';
import { authStore, uiStore } from '../../providers/store';
import LoadingScreen from '../pages/LoadingScreen';
import { DASHBOARD_PATH, decideRoute, type Decision, type Restriction } from './guardDecision';
import { isVerified, verifySession } from './sessionCheck';
import { findSystem, openSystem, SYSTEM_FALLBACK_DELAY_MS } from './systemRedirect';

function setLoading(isLoadingSite: boolean, loadingText = ''): void {
  const ui = uiStore.get();
  if (ui.isLoadingSite !== isLoadingSite || ui.loadingText !== loadingText) uiStore.set({ isLoadingSite, loadingText });
}

function decide(restriction: Restriction, pathname: string, search: string): Decision {
  const { access_token, user } = authStore.get();
  return decideRoute({
    restriction,
    pathname,
    search,
    token: access_token,
    verified: isVerified(access_token),
    viewer: currentViewer(),
    enrolmentRequired: user?.two_factor_required === true,
  });
}

export interface RouteGuardProps {
  restriction: Restriction;
  children: ReactNode;
}

export function RouteGuard({ restriction, children }: RouteGuardProps) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const translate = useTranslate();
  // Re-decide when the address changes or a check finishes (rev), never on other renders.
  const [rev, setRev] = useState(0);
  const stamp = `${restriction} ${pathname}${search} ${rev}`;
  const [state, setState] = useState(() => ({ stamp, decision: decide(restriction, pathname, search) }));
  let decision = state.decision;
  if (state.stamp !== stamp) {
    decision = decide(restriction, pathname, search);
    setState({ stamp, decision });
  }

  // An allowed view is shown before the browser paints its first render: a passive effect runs later, and
  // its update waits for whatever else renders then (react-admin gathering its routes, ~600 components).
  useLayoutEffect(() => {
    if (decision.kind === 'allow') setLoading(false);
  }, [decision]);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    switch (decision.kind) {
      case 'allow':
        break;
      case 'verify': {
        setLoading(true);
        const tenant = authStore.get().currentCompany;
        const rendered = decision.render;
        void verifySession().then((ok) => {
          if (cancelled) return;
          // The hidden view loaded for the stored company; a session that moves the user to another
          // company is a company change, which reloads the page.
          if (ok && rendered && authStore.get().currentCompany !== tenant) window.location.reload();
          else setRev((r) => r + 1);
        });
        break;
      }
      case 'system': {
        const name = decision.name;
        setLoading(true, translate('olympus.systems.redirecting', { system: name }));
        void openSystem(findSystem(authStore.get().user, name)).then((left) => {
          if (!left && !cancelled)
            timer = setTimeout(() => navigate(DASHBOARD_PATH, { replace: true }), SYSTEM_FALLBACK_DELAY_MS);
        });
        break;
      }
      case 'redirect':
        break;
    }
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [decision, navigate, translate]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'allow' || (decision.kind === 'verify' && decision.render)) {
    // While a check runs the view may render behind the loading screen (SiteFrame hides it). Its own
    // Suspense boundary: a lazy page still loading must not hold back this guard's check.
    return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
  }
  return null;
}
