// Where a fresh login goes: the requested system when it is one of the user's and its
// redirect answers a URL, otherwise the dashboard. Shared by the login form, the Azure callback and
// the new-password page; the system lookup is the route guard's (src/routing/systemRedirect).
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authStore } from '../../../providers/store';
import { ACCOUNT_PATH, DASHBOARD_PATH } from '../../routing/guardDecision';
import { findSystem, systemUrl } from '../../routing/systemRedirect';
import { useDelayedNavigate } from './useDelayedNavigate';

/** After a token login: forget react-admin's cached guest answers, then redirect after `ms`. */
export function useAfterLogin(): (system: string | null | undefined, ms: number) => Promise<void> {
  const schedule = useDelayedNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (name, ms) => {
      void queryClient.invalidateQueries({ queryKey: ['auth'] });
      const user = authStore.get().user;
      // A role requiring two-factor sign-in not yet turned on: enrolment first, no hand-off.
      if (user?.two_factor_required) return schedule(ACCOUNT_PATH, ms);
      const system = name ? findSystem(user, name) : undefined;
      const url = system ? await systemUrl(system) : null;
      schedule(url ? () => window.location.assign(url) : DASHBOARD_PATH, ms);
    },
    [queryClient, schedule],
  );
}

/** Keeps the requested system when moving between the login screens. */
export function withSystem(path: string, system: string | null): string {
  return system ? `${path}?system=${encodeURIComponent(system)}` : path;
}
