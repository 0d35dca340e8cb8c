// True once `ready` has been true and the browser has had an idle moment since (requestIdleCallback,
// at most IDLE_TIMEOUT_MS later): background work then starts after the paint it must not delay.
import { useEffect, useState } from 'react';

export const IDLE_TIMEOUT_MS = 500;

export function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    // jsdom and older Safari have no requestIdleCallback: a timer after the paint stands in.
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setIdle(true), 0);
    return () => window.clearTimeout(id);
  }, [ready, idle]);
  return idle;
}
