// Provider `powerbi`, "app owns data": an Azure AD client-credentials token (cached until
// 5 minutes before it expires), the report's embedUrl (Reports - Get Report In Group) and a View embed
// token (Embed Token - Reports GenerateTokenInGroup), with an effective identity = the company when the
// report's dataset has row-level security roles. Every failure becomes a ReportProviderError whose
// message the page shows for that report alone.
import type { PowerBiConfig } from '../../config';
import { MSG } from '../messages';
import type { PowerBiSettings } from '../settings';
import { ReportProviderError, type Embed } from './types';

export const POWERBI_SCOPE = 'https://analysis.windows.net/powerbi/api/.default';
/** Azure AD tokens are used until this long before they expire. */
export const AAD_REFRESH_MARGIN_MS = 5 * 60 * 1000;

export interface PowerBiLog {
  warn(obj: Record<string, unknown>, msg: string): void;
}

export interface PowerBiClient {
  embed(settings: PowerBiSettings, companyId: string): Promise<Embed>;
}

interface AadToken {
  accessToken: string;
  refreshAt: number;
}

interface CacheEntry {
  promise: Promise<AadToken>;
  value?: AadToken;
}

const fail = (message: string) => new ReportProviderError(message);

/** A fetch that turns timeouts and network failures into readable errors. */
async function call(url: string, init: RequestInit, timeoutMs: number, log: PowerBiLog): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (err) {
    const timedOut = err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError');
    log.warn(
      { url: new URL(url).origin + new URL(url).pathname, err: String(err) },
      timedOut ? 'power bi call timed out' : 'power bi call failed',
    );
    throw fail(timedOut ? MSG.powerbiTimeout : MSG.powerbiUnreachable);
  }
}

async function json(res: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await res.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The message for a failed Power BI REST call. */
function apiFailure(status: number): ReportProviderError {
  if (status === 401 || status === 403) return fail(MSG.powerbiForbidden(status));
  if (status === 404) return fail(MSG.powerbiNotFound);
  if (status >= 500 || status === 429) return fail(MSG.powerbiUnavailable(status));
  return fail(MSG.powerbiRejected(status));
}

export function createPowerBiClient(cfg: PowerBiConfig, log: PowerBiLog): PowerBiClient {
  let cache: CacheEntry | null = null;

  async function requestAadToken(): Promise<AadToken> {
    if (!cfg.tenantId || !cfg.clientId || !cfg.clientSecret) throw fail(MSG.powerbiNotConfigured);
    const url = `${cfg.authorityUrl}/${encodeURIComponent(cfg.tenantId)}/oauth2/v2.0/token`;
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: cfg.clientId,
      client_secret: cfg.clientSecret,
      scope: POWERBI_SCOPE,
    });
    const res = await call(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
      },
      cfg.timeoutMs,
      log,
    );
    const answer = await json(res);
    if (!res.ok) {
      const code = typeof answer.error === 'string' ? answer.error : null;
      log.warn(
        { status: res.status, error: code, description: answer.error_description },
        'azure ad refused the power bi client credentials',
      );
      if (res.status === 401 || code === 'invalid_client' || code === 'unauthorized_client')
        throw fail(MSG.powerbiCredentials);
      if (res.status >= 500) throw fail(MSG.powerbiUnavailable(res.status));
      throw fail(MSG.powerbiSignInFailed(res.status));
    }
    const expiresIn = Number(answer.expires_in);
    if (typeof answer.access_token !== 'string' || !Number.isFinite(expiresIn)) throw fail(MSG.powerbiBadAnswer);
    return { accessToken: answer.access_token, refreshAt: Date.now() + expiresIn * 1000 - AAD_REFRESH_MARGIN_MS };
  }

  /** One token for every report and request until it nears expiry; concurrent callers share one request. */
  function aadToken(): Promise<AadToken> {
    if (cache && (!cache.value || cache.value.refreshAt > Date.now())) return cache.promise;
    const entry: CacheEntry = { promise: requestAadToken() };
    entry.promise.then(
      (value) => {
        entry.value = value;
      },
      () => {
        if (cache === entry) cache = null;
      },
    );
    cache = entry;
    return entry.promise;
  }

  /**
   * A Power BI REST call with the embed's token. A 401 (the token was revoked early) drops the cached
   * token and tries once more with a new one.
   */
  async function api(
    token: { current: string },
    path: string,
    init: RequestInit = {},
    retried = false,
  ): Promise<Record<string, unknown>> {
    const headers = {
      ...(init.headers as Record<string, string>),
      authorization: `Bearer ${token.current}`,
      accept: 'application/json',
    };
    const res = await call(cfg.apiUrl + path, { ...init, headers }, cfg.timeoutMs, log);
    if (res.status === 401 && !retried) {
      // Drop the refused token only (a concurrent embed may already have fetched a new one).
      if (cache?.value?.accessToken === token.current) cache = null;
      token.current = (await aadToken()).accessToken;
      return api(token, path, init, true);
    }
    if (!res.ok) {
      log.warn({ status: res.status, path }, 'power bi api call failed');
      throw apiFailure(res.status);
    }
    return json(res);
  }

  return {
    async embed(settings, companyId) {
      // One Azure AD token for both calls of this embed.
      const token = { current: (await aadToken()).accessToken };
      const base = `/v1.0/myorg/groups/${encodeURIComponent(settings.workspace_id)}/reports/${encodeURIComponent(settings.report_id)}`;
      const report = await api(token, base);
      const embedUrl = typeof report.embedUrl === 'string' ? report.embedUrl : '';
      if (!/^https?:\/\//i.test(embedUrl)) throw fail(MSG.powerbiBadAnswer);

      const request: Record<string, unknown> = { accessLevel: 'View' };
      if (settings.rls_roles?.length) {
        const datasetId = settings.dataset_id ?? (typeof report.datasetId === 'string' ? report.datasetId : null);
        if (!datasetId) throw fail(MSG.powerbiBadAnswer);
        // Row-level security: the dataset's roles filter on the company id as USERNAME().
        request.identities = [{ username: companyId, roles: settings.rls_roles, datasets: [datasetId] }];
      }
      const generated = await api(token, `${base}/GenerateToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
      const expiration = typeof generated.expiration === 'string' ? new Date(generated.expiration) : null;
      if (typeof generated.token !== 'string' || !expiration || Number.isNaN(expiration.getTime()))
        throw fail(MSG.powerbiBadAnswer);
      return { url: embedUrl, token: generated.token, expiresAt: expiration };
    },
  };
}
