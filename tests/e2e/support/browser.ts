// Debian chromium driven by playwright-core. Requests to any host but loopback fail the test:
// an internal portal must make no outbound call the operator did not configure.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { afterAll } from 'vitest';

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Requests that tried to leave loopback. */
  outbound: string[];
  /** Uncaught page errors and console errors. */
  errors: string[];
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * One chromium per test file, started at its first session and closed after the file; each session
 * is a context of its own (cookies, storage and cache apart, as a fresh browser's), which opens in a
 * fraction of a launch's time.
 */
let shared: Promise<Browser> | null = null;
afterAll(async () => {
  const browser = shared;
  shared = null;
  await (await browser)?.close();
});

/** `storageState`: cookies and local storage to start with (e.g. a session saved after signing in). */
export async function openBrowser(
  opts: { storageState?: BrowserContextOptions['storageState'] } = {},
): Promise<BrowserSession> {
  shared ??= chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const browser = await shared;
  const context = await browser.newContext({
    viewport: { width: 1366, height: 860 },
    locale: 'en-GB',
    storageState: opts.storageState,
  });
  const outbound: string[] = [];
  const errors: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (
      url.protocol === 'data:' ||
      url.protocol === 'blob:' ||
      ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
    )
      return route.continue();
    outbound.push(url.toString());
    return route.abort();
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return {
    browser,
    context,
    page,
    outbound,
    errors,
    async screenshot(name) {
      mkdirSync('.tmp/screenshots', { recursive: true });
      const file = `.tmp/screenshots/${name}.png`;
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    close: () => context.close(),
  };
}
