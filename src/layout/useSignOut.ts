// Signing out of the app: the auth state resets (even when the call fails) and the
// browser goes to /login after `delayMs`. Shared by the header's logout button and the account
// page's "Sign out" of this session, which is the same thing.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAuthProvider, useResetStore } from 'ra-core';
import { LOGIN_PATH } from '../../providers/authProvider';

export function useSignOut(): (delayMs: number) => Promise<void> {
  const authProvider = useAuthProvider();
  const navigate = useNavigate();
  const resetStore = useResetStore();
  const queryClient = useQueryClient();
  return useCallback(
    async (delayMs: number) => {
      try {
        await authProvider?.logout({});
      } catch (err) {
        console.error('logout failed', err); // a failed call still counts as logged out
      }
      // Not react-admin's useLogout: it redirects at once. Its clean-up (store, query cache) runs
      // after leaving the admin so no mounted view refetches as the signed-out user.
      setTimeout(() => {
        navigate(LOGIN_PATH);
        setTimeout(() => {
          resetStore();
          queryClient.clear();
        }, 0);
      }, delayMs);
    },
    [authProvider, navigate, resetStore, queryClient],
  );
}
