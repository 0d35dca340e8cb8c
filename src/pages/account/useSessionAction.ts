// Runs one sessions call for a screen: tracks which action is under way, tells the outcome, and sends
// a 401 (this very session was ended elsewhere) to react-admin's checkError, which signs out.
import { useState } from 'react';
import { useLogoutIfAccessDenied, useNotify } from 'ra-core';
import { SessionsError } from './sessionsApi';

export interface SessionAction {
  /** What is under way (a session id, or a name of a bulk action), or null. */
  busy: string | null;
  run(
    key: string,
    call: () => Promise<unknown>,
    texts: { done: string; failed: string },
    after: () => unknown,
  ): Promise<void>;
}

export function useSessionAction(): SessionAction {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [busy, setBusy] = useState<string | null>(null);

  const run: SessionAction['run'] = async (key, call, texts, after) => {
    setBusy(key);
    try {
      await call();
      notify(texts.done, { type: 'success' });
    } catch (err) {
      const status = err instanceof SessionsError ? err.status : null;
      if (status === 401) {
        await logoutIfAccessDenied({ status });
        return;
      }
      // 404: it had ended already (signed out elsewhere, or expired) — the refetch below shows that.
      if (status !== 404) notify(texts.failed, { type: 'error' });
    } finally {
      setBusy(null);
    }
    await after();
  };

  return { busy, run };
}
