// Whether a URL is plain http to this machine: the one place plain http is acceptable (a local test
// identity provider), for the configuration check and the SSO client alike.

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Plain http is only acceptable for a provider on this machine (a local test provider). */
export function isLoopbackHttp(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' && LOOPBACK.has(u.hostname);
  } catch {
    return false;
  }
}
