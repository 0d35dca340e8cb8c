// The OpenID client (openid-client v6): discovery once per app, reused for every sign-in. A failed
// discovery is not cached, so the next attempt retries; openid-client refetches the provider's
// keys by itself when they rotate.
import * as oidc from 'openid-client';
import type { SsoSettings } from './settings';
import { isLoopbackHttp } from '../http/loopback';

const DISCOVERY_TIMEOUT_SECONDS = 10;
export const SCOPES = 'openid profile email';

/** The provider could not be reached or answered nonsense (answered as 502). */
export class ProviderUnavailable extends Error {}

export interface OidcClient {
  readonly settings: SsoSettings;
  configuration(): Promise<oidc.Configuration>;
}

export function createOidcClient(settings: SsoSettings): OidcClient {
  let cached: Promise<oidc.Configuration> | null = null;
  const discover = async () => {
    // Plain http only for a loopback issuer (the local test provider), never elsewhere.
    const execute = isLoopbackHttp(settings.issuer) ? [oidc.allowInsecureRequests] : [];
    try {
      return await oidc.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        execute,
        timeout: DISCOVERY_TIMEOUT_SECONDS,
      });
    } catch (err) {
      throw new ProviderUnavailable(`OpenID discovery of ${settings.issuer} failed: ${describe(err)}`, { cause: err });
    }
  };
  return {
    settings,
    configuration() {
      cached ??= discover().catch((err: unknown) => {
        cached = null;
        throw err;
      });
      return cached;
    },
  };
}

/** Network failures (fetch's TypeError, a timeout) mean the provider is unreachable, not that the sign-in is bad. */
export function isNetworkError(err: unknown): boolean {
  return (
    err instanceof TypeError || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
  );
}

export function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
  return err.message + cause;
}
