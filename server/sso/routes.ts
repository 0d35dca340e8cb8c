// Azure / OpenID Connect sign-in: authorization code flow with PKCE
// (S256), state and nonce. GET /auth/login/azure starts it and answers the provider's URL; the
// provider sends the browser to the SPA's /login/azure/callback, which posts code and state here.
import * as oidc from 'openid-client';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { auditAuth } from '../auth/authAudit';
import { limitPerIp, refund, type ThrottleRule } from '../auth/throttle';
import { createOidcClient, describe, isNetworkError, ProviderUnavailable, SCOPES, type OidcClient } from './client';
import { missingSsoSettings, ssoSettings } from './settings';
import { createTransaction, takeTransaction } from './transactions';
import { bindBrowser, browserBinding, clearBinding } from './binding';
import { identityOf, matchUser, tenantAllowed, type Refusal } from './identity';
import { completeSsoLogin } from './complete';
import { SSO_MSG } from './messages';
import { CallbackBody, CallbackResponse, ssoErrorResponses, StartQuery, StartResponse } from './schemas';

/** Starting costs a row; a burst of starts from one address is refused like one of logins. */
export const SSO_START_PER_IP: ThrottleRule = { name: 'sso-start:ip', limit: 30, windowSeconds: 60 };
export const SSO_CALLBACK_PER_IP: ThrottleRule = { name: 'sso:ip', limit: 10, windowSeconds: 60 };

const FAILED = 'auth.sso_login_failed';

const REFUSALS: Record<Refusal, string> = {
  wrong_tenant: SSO_MSG.wrongTenant,
  unverified_email: SSO_MSG.unverifiedEmail,
  unknown_identity: SSO_MSG.unknownIdentity,
  linked_to_other_identity: SSO_MSG.unknownIdentity,
  disabled: SSO_MSG.disabled,
};

function requireClient(client: OidcClient | null): OidcClient {
  if (client) return client;
  throw new ApiError(503, SSO_MSG.notConfigured);
}

async function configurationOf(request: FastifyRequest, client: OidcClient): Promise<oidc.Configuration> {
  try {
    return await client.configuration();
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) throw err;
    request.log.error(err.message);
    throw new ApiError(502, SSO_MSG.providerUnavailable);
  }
}

const ssoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const settings = ssoSettings(app.config);
  const client = settings ? createOidcClient(settings) : null;
  const missing = missingSsoSettings(app.config);
  if (!settings && missing.length)
    app.log.warn(`Single sign-on is off: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing.`);

  app.get(
    '/auth/login/azure',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'Start a single sign-on: answers the URL of the provider’s sign-in page',
        description:
          'Stores a transaction (PKCE verifier, state, nonce and the optional `system`) for 10 minutes and answers `data.url`. ' +
          'Sets the HttpOnly `olympus_sso` cookie (path: the callback) that binds the sign-in to this browser. ' +
          '503 when SSO is not configured, 502 when the provider cannot be reached.',
        querystring: StartQuery,
        response: { 200: StartResponse, ...ssoErrorResponses },
      },
    },
    async (request, reply) => {
      await limitPerIp(app, request, SSO_START_PER_IP, SSO_MSG.throttled, FAILED);
      const sso = requireClient(client);
      const config = await configurationOf(request, sso);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: sso.settings.redirectUri,
        scope: SCOPES,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      const binding = bindBrowser(reply, app.config);
      await createTransaction(app.db, state, { codeVerifier, nonce, system: request.query.system ?? null, binding });
      return { data: { url: url.href } };
    },
  );

  app.post(
    '/auth/login/azure/callback',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'Finish a single sign-on with the code and state the provider sent back',
        description:
          'Exchanges the code (PKCE, nonce and ID token checked), maps the identity to an existing user — by linked (tid, oid), ' +
          'else by verified email the first time — and answers like POST /auth/login: a bearer token (with the `system` asked for ' +
          'at the start), or `{ session, username }` when a new password must be set first. Nobody is created. ' +
          'Only the browser that started the sign-in can finish it: it must send the `olympus_sso` cookie set by the start, ' +
          'which this call clears. 401 for an unknown, used or expired transaction, a missing or foreign cookie or a refused code; ' +
          '403 for a wrong tenant, unverified email, ' +
          'unknown identity or disabled account.',
        body: CallbackBody,
        response: { 200: CallbackResponse, ...ssoErrorResponses },
      },
    },
    async (request, reply) => {
      await limitPerIp(app, request, SSO_CALLBACK_PER_IP, SSO_MSG.throttled, FAILED);
      const sso = requireClient(client);
      const fail = async (
        status: 401 | 403,
        message: string,
        reason: string,
        extra: Record<string, unknown> = {},
        userId: string | null = null,
      ) => {
        await auditAuth(app, request, FAILED, { userId, detail: { reason, ...extra } });
        return new ApiError(status, message);
      };

      const { code, state, iss } = request.body;
      if (!state) throw await fail(401, SSO_MSG.failed, 'missing_state');
      const taken = await takeTransaction(app.db, state, browserBinding(request));
      if (!taken.ok) throw await fail(401, SSO_MSG.failed, taken.reason);
      const { transaction } = taken;
      // Used up whatever happens next; the browser needs a new start (and cookie) to try again.
      clearBinding(reply, app.config);

      const config = await configurationOf(request, sso);
      // The SPA posts only code and state. With one configured provider there is no mix-up to
      // defend against (RFC 9207), so a missing `iss` is taken to be that provider's.
      const callbackUrl = new URL(sso.settings.redirectUri);
      callbackUrl.searchParams.set('code', code);
      callbackUrl.searchParams.set('state', state);
      callbackUrl.searchParams.set('iss', iss ?? config.serverMetadata().issuer);

      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: transaction.codeVerifier,
          expectedNonce: transaction.nonce,
          expectedState: state,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (err) {
        if (isNetworkError(err)) {
          request.log.error(`SSO code exchange could not reach ${sso.settings.issuer}: ${describe(err)}`);
          await auditAuth(app, request, FAILED, { detail: { reason: 'provider_unavailable' } });
          throw new ApiError(502, SSO_MSG.providerUnavailable);
        }
        // A used, expired or foreign code, a bad ID token or nonce: the provider's error name only.
        const error =
          err instanceof oidc.ResponseBodyError
            ? err.error
            : err instanceof oidc.ClientError
              ? (err.code ?? err.name)
              : 'unexpected';
        request.log.warn(`SSO code exchange refused: ${describe(err)}`);
        throw await fail(401, SSO_MSG.failed, 'exchange_failed', { error });
      }
      if (!claims) throw await fail(401, SSO_MSG.failed, 'no_id_token');

      if (!tenantAllowed(claims, sso.settings)) {
        throw await fail(403, REFUSALS.wrong_tenant, 'wrong_tenant', {
          tid: typeof claims.tid === 'string' ? claims.tid : null,
        });
      }
      const identity = identityOf(claims, sso.settings);
      const who = { tid: identity.tid, oid: identity.oid, email: identity.email };
      const match = await matchUser(app.db, identity);
      if (!match.ok) throw await fail(403, REFUSALS[match.reason], match.reason, who, match.userId ?? null);

      await refund(app.db, SSO_CALLBACK_PER_IP, request.ip);
      const mfa = Array.isArray(claims.amr) && claims.amr.includes('mfa');
      return completeSsoLogin(app, request, match.user, {
        linked: match.linked,
        mfa,
        system: transaction.system,
        identity: who,
      });
    },
  );
};

export default ssoRoutes;
