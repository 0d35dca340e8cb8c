// Azure AD rules (AZURE_TENANT_ID set), against the local provider issuing Azure-shaped ID tokens:
// only the configured tenant gets in, identities are keyed by (tid, oid), and the tenant's own
// email or UPN counts as verified unless the token says otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createUser } from './factories';
import { auditRows, authClient, type AuthClient } from './auth-client';
import { SSO_BINDING_COOKIE } from '../../server/sso/binding';
import {
  signInAtProvider,
  startOidcProvider,
  type OidcAccount,
  type RunningOidcProvider,
} from '../support/oidc-provider';
import { users } from '../../server/db/schema';

const REDIRECT = 'http://olympus.test/login/azure/callback';
const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const OTHER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

let op: RunningOidcProvider;
let t: TestApp;
let c: AuthClient;
const db = () => t.database.db;

beforeAll(async () => {
  op = await startOidcProvider({ redirectUris: [REDIRECT], accounts: [] });
  // OIDC_ISSUER wins over the tenant's Azure issuer, so the tenant rules apply to the local provider.
  t = await createTestApp({
    sso: {
      issuer: op.issuer,
      clientId: op.clientId,
      clientSecret: op.clientSecret,
      azureTenantId: TENANT,
      enforcedDomains: [],
    },
  });
  c = authClient(t);
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

let n = 0;
/** An Azure account (no email_verified claim, like Azure) and the Olympus user with its address. */
async function azurePerson(account: Partial<OidcAccount> = {}) {
  const i = ++n;
  const email = `azure${i}@contoso.example`;
  const a: OidcAccount = { sub: `pairwise-sub-${i}`, email, tid: TENANT, oid: `oid-${i}`, ...account };
  op.accounts.push(a);
  const user = await createUser(db(), { email });
  return { account: a, user };
}

async function signIn(login: string) {
  const start = await c.get('/api/v1/auth/login/azure');
  expect(start.statusCode, start.body).toBe(200);
  const back = await signInAtProvider(start.json().data.url, login, REDIRECT);
  // The browser that started the sign-in sends its binding cookie back.
  const binding = start.cookies.find((k) => k.name === SSO_BINDING_COOKIE)?.value;
  const cookie = `${(await c.csrf()).cookie}; ${SSO_BINDING_COOKIE}=${binding}`;
  return c.post(
    '/api/v1/auth/login/azure/callback',
    { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    { headers: { cookie } },
  );
}

describe('Azure AD sign-in', () => {
  it('accepts the tenant’s email without email_verified and links by (tid, oid), not by sub', async () => {
    const { account, user } = await azurePerson();
    const res = await signIn(account.sub);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ ssoTid: TENANT, ssoOid: account.oid });
  });

  it('falls back to preferred_username (the UPN) when the token has no email', async () => {
    const { account, user } = await azurePerson();
    const upn = account.email!;
    account.email = undefined;
    account.claims = { preferred_username: upn };
    const res = await signIn(account.sub);
    expect(res.statusCode, res.body).toBe(200);
    const audit = (await auditRows(t, 'auth.sso_login')).find((r) => r.actor_id === user.id);
    expect(audit?.detail).toMatchObject({ email: upn, tid: TENANT });
  });

  it('refuses another tenant, and a token without a tenant', async () => {
    const wrong = { message: 'This account belongs to an organisation that cannot sign in to Olympus.' };
    const { account, user } = await azurePerson({ tid: OTHER_TENANT });
    const res = await signIn(account.sub);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(wrong);
    const failed = (await auditRows(t, 'auth.sso_login_failed')).at(-1);
    expect(failed?.detail).toMatchObject({ reason: 'wrong_tenant', tid: OTHER_TENANT });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row.ssoOid).toBeNull();

    const none = await azurePerson({ tid: undefined });
    const res2 = await signIn(none.account.sub);
    expect(res2.statusCode).toBe(403);
    expect(res2.json()).toEqual(wrong);
  });

  it('refuses an email the token marks unverified (email_verified or xms_edov false)', async () => {
    const a = await azurePerson({ email_verified: false });
    expect((await signIn(a.account.sub)).statusCode).toBe(403);
    const b = await azurePerson({ claims: { xms_edov: false } });
    const res = await signIn(b.account.sub);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Your sign-in provider has not verified your email address. Please contact your administrator.',
    );
  });
});
