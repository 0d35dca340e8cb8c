// Page load in Debian chromium (playwright-core), cold cache (a new context per run): time until the
// first data row is visible (a table cell with a known text, not LCP; a cell rendered inside a hidden
// element does not count — checkVisibility), JS bytes, API calls, DOM
// nodes and JS heap. Profiles: unthrottled, and CPU 4x + 40 ms / 10 Mbit through CDP. Requests
// that would leave loopback are counted and refused by the host resolver.
import { chromium, type Browser } from 'playwright-core';

export interface PageTarget {
  app: string;
  /** What is measured, e.g. "unit list (28 units)". */
  case: string;
  /** The tenant's unit count (lists), for the scale ratios. */
  units?: number;
  url: string;
  /** Ready when a visible <td> has exactly this text, (css) when this selector matches a visible element, or (text)
   * when the page shows it. */
  ready: { cell: string } | { css: string } | { text: string };
  /** localStorage entries for the page's origin (a signed-in session). */
  storage?: Record<string, string>;
}

export interface Profile {
  name: string;
  cpu: number;
  latencyMs: number;
  mbit: number;
}

export const PROFILES: Profile[] = [
  { name: 'unthrottled', cpu: 1, latencyMs: 0, mbit: 0 },
  { name: 'cpu4x+40ms/10Mbit', cpu: 4, latencyMs: 40, mbit: 10 },
];

export interface PageResult {
  app: string;
  case: string;
  units?: number;
  profile: string;
  readyMs: number;
  jsFiles: number;
  /** JS bytes on the wire (compressed) and decoded. */
  jsTransfer: number;
  jsDecoded: number;
  apiCalls: number;
  domNodes: number;
  heapMb: number;
  outbound: string[];
  /** Paths of the JS files loaded (for the module check of /login). */
  scripts: string[];
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
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
      // Only loopback resolves: nothing can leave the machine.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
}

export async function measure(
  browser: Browser,
  target: PageTarget,
  profile: Profile,
  timeoutMs: number,
): Promise<PageResult> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'en-GB' });
  try {
    if (target.storage) {
      const entries = target.storage;
      await context.addInitScript((e: Record<string, string>) => {
        for (const [k, v] of Object.entries(e)) if (localStorage.getItem(k) === null) localStorage.setItem(k, v);
      }, entries);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const reqs = new Map<string, { url: string; type: string; transfer: number; decoded: number }>();
    cdp.on('Network.requestWillBeSent', (e) =>
      reqs.set(e.requestId, { url: e.request.url, type: e.type ?? '', transfer: 0, decoded: 0 }),
    );
    cdp.on('Network.dataReceived', (e) => {
      const r = reqs.get(e.requestId);
      if (r) r.decoded += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = reqs.get(e.requestId);
      if (r) r.transfer = e.encodedDataLength;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (profile.mbit || profile.latencyMs) {
      const bps = profile.mbit ? (profile.mbit * 1_000_000) / 8 : -1;
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: profile.latencyMs,
        downloadThroughput: bps,
        uploadThroughput: bps,
      });
    }
    if (profile.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });

    await page.goto(target.url, { waitUntil: 'commit', timeout: timeoutMs });
    const handle = page.waitForFunction(
      (ready: { cell?: string; css?: string; text?: string }) => {
        // Rendered is not shown: a view mounted behind a loading screen (hidden) is not ready yet.
        const ok =
          ready.cell !== undefined
            ? [...document.querySelectorAll('td')].some(
                (td) => td.textContent?.trim() === ready.cell && td.checkVisibility(),
              )
            : ready.text !== undefined
              ? (document.body?.innerText ?? '').includes(ready.text)
              : [...document.querySelectorAll(ready.css ?? 'body > never')].some((el) => el.checkVisibility());
        // Milliseconds since the navigation started (the page's own clock).
        return ok ? performance.now() : false;
      },
      target.ready as { cell?: string; css?: string; text?: string },
      { polling: 'raf', timeout: timeoutMs },
    );
    const readyMs = await handle
      .then(async (h) => Math.round((await h.jsonValue()) as number))
      .catch(async (err: Error) => {
        await page.screenshot({ path: `.tmp/bench/timeout-${target.app.replace(/\W+/g, '-')}.png` }).catch(() => {});
        console.error(`  ${target.app} ${target.case}: not ready (${err.message.split('\n')[0]})`);
        return -1;
      });
    // Let lazy chunks and follow-up calls of the screen finish (bounded) before counting.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const all = [...reqs.values()];
    const js = all.filter((r) => r.type === 'Script' || /\.m?js(\?|$)/.test(r.url));
    return {
      app: target.app,
      case: target.case,
      units: target.units,
      profile: profile.name,
      readyMs,
      jsFiles: js.length,
      jsTransfer: js.reduce((a, r) => a + r.transfer, 0),
      jsDecoded: js.reduce((a, r) => a + r.decoded, 0),
      apiCalls: all.filter((r) => /\/api\//.test(new URL(r.url).pathname)).length,
      domNodes,
      heapMb: Math.round((heap.usedSize / 1024 / 1024) * 10) / 10,
      outbound: all.map((r) => r.url).filter((u) => !/^(data:|blob:|https?:\/\/(127\.0\.0\.1|localhost)[:/])/.test(u)),
      scripts: js.map((r) => new URL(r.url).pathname),
    };
  } finally {
    await context.close();
  }
}
