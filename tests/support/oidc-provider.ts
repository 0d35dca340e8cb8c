// A real OpenID provider (oidc-provider) on loopback, standing in for Azure AD in tests and in
// `npm run sso:dev`. Its built-in development login form accepts any login and any
// password: a login naming a listed account's email signs in as that account; any other login
// signs in as a new identity with that address, so Olympus's "no account matches" refusal can be
// tried too. ID tokens carry email, email_verified and name like Azure's do (and tid/oid when an
// account has them), and PKCE is required.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import type { default as ProviderClass, Account, Configuration, InteractionResults, JWK } from 'oidc-provider';

export interface OidcAccount {
  sub: string;
  email?: string;
  /** Sent only when set (Azure sends none). */
  email_verified?: boolean;
  name?: string;
  /** Azure-style tenant and object ids, for tests of the tenant check and (tid, oid) mapping. */
  tid?: string;
  oid?: string;
  /** More ID token claims (preferred_username, xms_edov, …), overriding the defaults. */
  claims?: Record<string, unknown>;
  /** How the provider says the sign-in was authenticated (the ID token's `amr`; Azure sends `mfa` after a second
   * factor). */
  amr?: string[];
}

/** The demo users of the seed (server/db/seed.ts), with stable subjects. */
export const DEMO_ACCOUNTS: OidcAccount[] = [
  { sub: 'demo-superadmin', email: 'superadmin@example.com', email_verified: true, name: 'Sam Super' },
  { sub: 'demo-admin', email: 'admin@example.com', email_verified: true, name: 'Alex Admin' },
  { sub: 'demo-staff', email: 'staff@example.com', email_verified: true, name: 'Stacey Staff' },
];

export interface OidcProviderOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
  redirectUris: string[];
  /** Who can sign in; the array is read on every sign-in, so tests may push to it. Default: the demo users. */
  accounts?: OidcAccount[];
}

export interface RunningOidcProvider {
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  accounts: OidcAccount[];
  provider: ProviderClass;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

/** oidc-provider 9 warns that it wants Node 22; it runs on Node 20.19 (what it needs, crypto.hash, is there since
 * 20.12). */
async function importProvider(): Promise<typeof ProviderClass> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('Unsupported runtime')) warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}

export async function startOidcProvider(opts: OidcProviderOptions): Promise<RunningOidcProvider> {
  const Provider = await importProvider();
  const accounts = opts.accounts ?? DEMO_ACCOUNTS.map((a) => ({ ...a }));
  const clientId = opts.clientId ?? 'olympus';
  const clientSecret = opts.clientSecret ?? randomBytes(24).toString('base64url');

  // The issuer names the port, so listen first and hand requests to the provider once it exists.
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://${HOST}:${port}`;

  const byLogin = (login: string) => {
    const l = login.trim().toLowerCase();
    return accounts.find((a) => a.sub === login || a.email?.toLowerCase() === l);
  };
  const accountFor = (id: string): Account => {
    // Any other login is a new identity: its subject is what was typed, its email too when it is one.
    const a: OidcAccount = accounts.find((x) => x.sub === id) ?? {
      sub: id,
      email: id.includes('@') ? id.toLowerCase() : undefined,
      email_verified: true,
    };
    return {
      accountId: a.sub,
      claims: () => ({
        sub: a.sub,
        name: a.name ?? a.email ?? a.sub,
        ...(a.email ? { email: a.email, preferred_username: a.email } : {}),
        ...(a.email_verified !== undefined ? { email_verified: a.email_verified } : {}),
        ...(a.tid ? { tid: a.tid } : {}),
        ...(a.oid ? { oid: a.oid } : {}),
        ...a.claims,
      }),
    };
  };

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = {
    ...(await exportJWK(privateKey)),
    alg: 'RS256',
    use: 'sig',
    kid: randomBytes(8).toString('hex'),
  } as JWK;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: {
      // amr (how the sign-in was authenticated) comes from the sign-in itself, as Azure sends it.
      openid: ['sub', 'tid', 'oid', 'amr'],
      email: ['email', 'email_verified', 'xms_edov'],
      profile: ['name', 'preferred_username'],
    },
    // Like Azure: the profile and email claims ride in the ID token itself, not only at userinfo.
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => accountFor(id),
    // Azure-like lifetimes, in seconds (set so the provider does not warn about its defaults).
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 3600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [jwk] },
  };

  const provider = new Provider(issuer, configuration);
  // The development form signs in as whatever was typed; turn a listed account's email into its subject.
  const finish = provider.interactionFinished.bind(provider);
  provider.interactionFinished = (req, res, result: InteractionResults, options) => {
    if (result.login) {
      const account = byLogin(result.login.accountId);
      result.login.accountId = account?.sub ?? result.login.accountId.trim();
      if (account?.amr) result.login.amr = account.amr;
    }
    return finish(req, res, result, options);
  };
  server.on('request', provider.callback());

  return {
    issuer,
    port,
    clientId,
    clientSecret,
    accounts,
    provider,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Signs in at the provider with plain HTTP requests, as a browser would: follows redirects with a
 * cookie jar, fills the login form with `login`, approves the consent form, and answers the URL the
 * provider sends the browser back to (the redirect URI with code, state and iss).
 */
export async function signInAtProvider(authorizationUrl: string, login: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]).getTime() < Date.now());
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

  let url = authorizationUrl;
  let body: URLSearchParams | null = null;
  for (let step = 0; step < 20; step++) {
    const res: Response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookie(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: body ?? undefined,
    });
    remember(res);
    body = null;
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) return next;
      url = next.href;
      continue;
    }
    const html: string = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt: string | undefined = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action || !prompt)
      throw new Error(`provider answered ${res.status} without a form at ${url}: ${html.slice(0, 500)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any-password' } : { prompt });
  }
  throw new Error('the provider never sent the browser back');
}
