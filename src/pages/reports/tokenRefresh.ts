// Embed tokens expire (Power BI's after about an hour): fetch a new one this long before, and hand it
// to the embedded report, again and again while the page stays open.
export const REFRESH_BEFORE_MS = 2 * 60 * 1000;
/** After a failed refresh, try again this soon (still before expiry when possible). */
export const RETRY_MS = 30 * 1000;
const MIN_DELAY_MS = 1000;

export interface TokenRefreshOptions {
  expiresAt: string | null;
  /** A new token and its expiry, or null when none could be had now. */
  fetchToken(): Promise<{ token: string; expiresAt: string | null } | null>;
  apply(token: string): Promise<void> | void;
}

/** Starts the refresh cycle; the answer stops it. */
export function scheduleTokenRefresh({ expiresAt, fetchToken, apply }: TokenRefreshOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const plan = (expiry: string | null, delayOverride?: number) => {
    const at = expiry ? Date.parse(expiry) : NaN;
    if (Number.isNaN(at) && delayOverride === undefined) return;
    const delay = delayOverride ?? at - Date.now() - REFRESH_BEFORE_MS;
    timer = setTimeout(() => void run(), Math.max(MIN_DELAY_MS, delay));
  };

  const run = async () => {
    let fresh: Awaited<ReturnType<TokenRefreshOptions['fetchToken']>>;
    try {
      fresh = await fetchToken();
      if (stopped) return;
      if (fresh) await apply(fresh.token);
    } catch {
      fresh = null;
    }
    if (stopped) return;
    if (fresh) plan(fresh.expiresAt);
    else plan(null, RETRY_MS);
  };

  plan(expiresAt);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
