// The sign-in screens' redirect delays in one place, and one hook that schedules a navigation (or a full-page jump)
// after
// them. Pending timers are cleared on unmount so a page left early never redirects later.
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

export const DELAYS = {
  afterLogin: 1000,
  afterReset: 1500,
  azureSuccess: 1000,
  azureFailure: 100,
} as const;

/** A path for react-router, or a callback for jumps outside the SPA (window.location.assign). */
export type Destination = string | (() => void);

export function useDelayedNavigate(): (to: Destination, ms: number) => void {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach(clearTimeout);
      pending.clear();
    };
  }, []);

  return useCallback((to: Destination, ms: number) => {
    const id = setTimeout(() => {
      timers.current.delete(id);
      if (typeof to === 'string') navigateRef.current(to);
      else to();
    }, ms);
    timers.current.add(id);
  }, []);
}
