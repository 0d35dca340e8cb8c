// "Login with Azure" in chromium against the real server and a real OpenID provider (oidc-provider
// on loopback): success to the dashboard, ?system= surviving the round trip, and the
// failure paths ending on "We cannot log you in".
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startServer, type RunningServer } from './support/server';
import { openBrowser, type BrowserSession } from './support/browser';
import { startOidcProvider, type RunningOidcProvider } from '../support/oidc-provider';

const CLIENT_ID = 'olympus-e2e';
const CLIENT_SECRET = 'olympus-e2e-secret';
/** The provider's own development pages import a web font; only Olympus must stay on loopback. */
const PROVIDER_FONT = 'https://fonts.googleapis.com/';

let server: RunningServer;
let op: RunningOidcProvider;
let b: BrowserSession;

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', () => resolve()));
  const { port } = srv.address() as AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

beforeAll(async () => {
  // The server must know the issuer and the provider the server's redirect URI: fix the
  // provider's port first, start the server, then the provider (discovery happens on first use).
  const port = await freePort();
  server = await startServer({
    sso: {
      issuer: `http://127.0.0.1:${port}`,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      azureTenantId: null,
      enforcedDomains: [],
    },
  });
  op = await startOidcProvider({
    port,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [`${server.url}/login/azure/callback`],
  });
});
afterAll(async () => {
  await op?.close();
  await server?.close();
});
afterEach(async (ctx) => {
  if (b) {
    if (ctx.task.result?.state === 'fail')
      await b.screenshot('failed-sso-' + ctx.task.name.replace(/\W+/g, '-')).catch(() => {});
    expect(
      b.outbound.filter((u) => !u.startsWith(PROVIDER_FONT)),
      'requests that left loopback',
    ).toEqual([]);
    expect(b.errors, 'uncaught page errors').toEqual([]);
    await b.close();
  }
});

/** From Olympus's /login (with an optional query) through the provider's sign-in and consent pages. */
async function loginWithAzure(page: Page, login: string, query = '') {
  await page.goto(server.url + '/login' + query);
  await page.getByRole('button', { name: 'Login with Azure' }).click();
  await page.waitForURL((u) => u.origin === op.issuer && u.pathname.startsWith('/interaction/'));
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any password at all');
  await b.screenshot('sso-provider-login');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('Login with Azure', () => {
  it('signs in at the provider and arrives on the dashboard', async () => {
    b = await openBrowser();
    const { page } = b;
    await loginWithAzure(page, 'admin@example.com');
    await page.waitForURL((u) => u.pathname === '/login/azure/callback');
    await page.getByText('Hang on, we are just authenticating....').waitFor();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Welcome, Alex Admin').waitFor();
    await b.screenshot('sso-dashboard');
    const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('olympus.auth') ?? '{}'));
    expect(auth.access_token).toMatch(/^oly_/);
  });

  it('keeps ?system= through the round trip and lands in that system', async () => {
    b = await openBrowser();
    const { page } = b;
    await loginWithAzure(page, 'staff@example.com', '?system=Everest');
    await page.waitForURL((u) => u.pathname.startsWith('/demo/everest'));
    await page.getByText('Signed in to Everest as Stacey Staff').waitFor();
    await b.screenshot('sso-everest');
  });

  it('refuses an identity without an Olympus account: back on /login with "We cannot log you in"', async () => {
    b = await openBrowser();
    const { page } = b;
    await loginWithAzure(page, 'stranger@example.com');
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('error') === 'true');
    await page.getByText('We cannot log you in').waitFor();
    await b.screenshot('sso-refused');
    const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('olympus.auth') ?? '{}'));
    expect(auth.access_token ?? null).toBeNull();
  });

  it('ends on the same message when the user cancels at the provider', async () => {
    b = await openBrowser();
    const { page } = b;
    await page.goto(server.url + '/login');
    await page.getByRole('button', { name: 'Login with Azure' }).click();
    await page.waitForURL((u) => u.origin === op.issuer);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('error') === 'true');
    await page.getByText('We cannot log you in').waitFor();
  });
});
