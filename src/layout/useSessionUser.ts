// The signed-in user from the persisted auth state. Keeps showing the last user while sign-out
// finishes (the state resets before the 750 ms redirect), so the screen does not blank out.
import { useRef } from 'react';
import type { SessionUser } from '../../contract/types';
import { authStore, useStoreState } from '../../providers/store';

export function useSessionUser(): SessionUser | null {
  const user = useStoreState(authStore, (s) => s.user);
  const last = useRef(user);
  if (user) last.current = user;
  return user ?? last.current;
}
