// SSO set-up: which settings turn it on, what the endpoints answer when it is off or the provider
// is down, and that a provider outage is retried rather than remembered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from './harness';
import { authClient, uniqueIp } from './auth-client';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig, type Config } from '../../server/config';
import { ssoSettings } from '../../server/sso/settings';
import { startOidcProvider } from '../support/oidc-provider';

const NOT_CONFIGURED = { message: 'Single sign-on is not configured.' };
const UNAVAILABLE = { message: 'The single sign-on provider could not be reached. Please try again later.' };
const NO_SSO: Config['sso'] = {
  azureTenantId: null,
  clientId: null,
  clientSecret: null,
  issuer: null,
  enforcedDomains: [],
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sso: NO_SSO });
});
afterAll(() => t?.close());

/** Another app on the same database with other SSO settings (one database per file keeps memory down). */
async function appWith(sso: Partial<Config['sso']>): Promise<FastifyInstance> {
  const app = await buildApp({
    config: { ...t.config, sso: { ...NO_SSO, ...sso } },
    database: t.database,
    logger: false,
  });
  await app.ready();
  return app;
}

describe('without SSO settings', () => {
  it('GET /auth/login/azure answers 503 "not configured" (the SPA then shows its internal-error notice)', async () => {
    const res = await authClient(t).get('/api/v1/auth/login/azure');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(NOT_CONFIGURED);
  });

  it('the callback answers the same', async () => {
    const res = await authClient(t).post('/api/v1/auth/login/azure/callback', { code: 'x', state: 'y' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(NOT_CONFIGURED);
  });
});

describe('settings', () => {
  it('need an issuer (OIDC_ISSUER or AZURE_TENANT_ID), a client id and a secret', () => {
    const config = (env: Record<string, string>) => loadConfig(env, { staticDir: null });
    expect(ssoSettings(config({ AZURE_TENANT_ID: 'contoso', AZURE_CLIENT_ID: 'id' }))).toBeNull();
    expect(ssoSettings(config({ AZURE_CLIENT_ID: 'id', AZURE_CLIENT_SECRET: 's' }))).toBeNull();
    expect(
      ssoSettings(
        config({
          AZURE_TENANT_ID: 'contoso',
          AZURE_CLIENT_ID: 'id',
          AZURE_CLIENT_SECRET: 's',
          OLYMPUS_PUBLIC_URL: 'https://olympus.example/',
        }),
      ),
    ).toEqual({
      issuer: 'https://login.microsoftonline.com/contoso/v2.0',
      clientId: 'id',
      clientSecret: 's',
      azureTenantId: 'contoso',
      redirectUri: 'https://olympus.example/login/azure/callback',
    });
    const generic = ssoSettings(
      config({
        OIDC_ISSUER: 'https://id.example',
        AZURE_TENANT_ID: 'contoso',
        AZURE_CLIENT_ID: 'id',
        AZURE_CLIENT_SECRET: 's',
      }),
    );
    expect(generic?.issuer).toBe('https://id.example');
    // An Azure issuer naming one tenant brings Azure's rules for it; the shared endpoints do not.
    const azure = (issuer: string) =>
      ssoSettings(config({ OIDC_ISSUER: issuer, AZURE_CLIENT_ID: 'id', AZURE_CLIENT_SECRET: 's' }))?.azureTenantId;
    expect(azure('https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0')).toBe(
      '72f988bf-86f1-41af-91ab-2d7cd011db47',
    );
    expect(azure('https://login.microsoftonline.com/organizations/v2.0')).toBeNull();
    expect(azure('https://id.example')).toBeNull();
  });

  it('accept a plain-http issuer only on loopback', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:4000' }, { staticDir: null })).not.toThrow();
    expect(() => loadConfig({ OIDC_ISSUER: 'http://localhost:4000' }, { staticDir: null })).not.toThrow();
    expect(() => loadConfig({ OIDC_ISSUER: 'http://id.example' }, { staticDir: null })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_ISSUER: 'http://id.example' }, { staticDir: null })).toThrow(
      /OIDC_ISSUER must start with https:\/\//,
    );
  });
});

describe('an unreachable provider', () => {
  it('answers 502, and works as soon as the provider is back (a failed discovery is not cached)', async () => {
    const port = await freePort();
    const redirect = `${t.config.publicUrl}/login/azure/callback`;
    const app = await appWith({ issuer: `http://127.0.0.1:${port}`, clientId: 'olympus', clientSecret: 'test-secret' });
    try {
      const down = await app.inject({ method: 'GET', url: '/api/v1/auth/login/azure', remoteAddress: uniqueIp() });
      expect(down.statusCode).toBe(502);
      expect(down.json()).toEqual(UNAVAILABLE);
      const op = await startOidcProvider({
        port,
        clientId: 'olympus',
        clientSecret: 'test-secret',
        redirectUris: [redirect],
      });
      try {
        const up = await app.inject({ method: 'GET', url: '/api/v1/auth/login/azure', remoteAddress: uniqueIp() });
        expect(up.statusCode, up.body).toBe(200);
        expect(up.json().data.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/auth\\?`));
      } finally {
        await op.close();
      }
    } finally {
      await app.close();
      app.mailer.close();
    }
  });
});
