// Time per keystroke of a list's search box, in chromium (unthrottled, like a user at a desk):
// the list is opened (a fresh context), then the search term is typed one character at a time and,
// for each character, the page itself measures from the keydown event (its timeStamp) until the
// first animation frame after the table's first body row shows the unit expected for the term so far
// (a MutationObserver spots the row, so a debounce, the API call and the render all count). The
// next character is typed only after that (and a 300 ms pause, as the first one after the click into the box),
// so each keystroke is timed alone.
// Resource Timing splits it: key → the list request being sent (the app's debounce, if it pages on the
// server), that request → its response, and the response → the rows shown; a client-side search sends none.
import type { Browser, Page } from 'playwright-core';

/** The pause after the click into the search box and after each keystroke's rows: each key is timed alone. */
const KEY_PAUSE_MS = 300;

export interface SearchStep {
  term: string;
  /** The name in the first row once `term` is applied. */
  first: string;
}

export interface SearchTarget {
  app: string;
  tenant: string;
  units: number;
  url: string;
  storage?: Record<string, string>;
  /** CSS selector of the search input. */
  input: string;
  /** First row of the unfiltered list (the page is ready). */
  initialFirst: string;
  steps: SearchStep[];
  /** A substring of the list requests' URL (to find them in Resource Timing). */
  listUrl: string;
}

export interface KeystrokeResult {
  app: string;
  tenant: string;
  units: number;
  term: string;
  /** key → table shows the rows (next frame); -1 when it never did (timeout). */
  ms: number;
  /** List requests sent for this keystroke. */
  requests: number;
  /** key → the first list request started (≈ the debounce); null without a request. */
  requestAfterMs: number | null;
  /** The answering request: start → response end; null without a request. */
  responseMs: number | null;
  /** That response's end → the rows shown (the app's own work); null without a request. */
  renderMs: number | null;
  /** Components React rendered from the key to the rows shown (countRenders below); null if not counted. */
  components: number | null;
}

interface Probe {
  t0: number;
  tDom: number;
  tFrame: number;
  /** The page's count of rendered components at the key and at the rows shown. */
  r0: number;
  r1: number;
}

/**
 * Counts the components React renders (runs in the page before its scripts): the hook React DevTools
 * uses gets every committed tree, and a component whose fiber did work in that commit rendered. The count
 * is of work, which a loaded machine cannot inflate as it does times. Works with production builds too.
 * Plain JavaScript text: a function handed to addInitScript would carry tsx's name helpers into the page.
 * Tags: function, class, forwardRef and simple memo components; flag 1: PerformedWork (react-reconciler).
 */
const COUNT_RENDERS = `(() => {
  window.__renders = 0;
  const COMPONENT = new Set([0, 1, 11, 15]);
  function walk(next, prev) {
    if (COMPONENT.has(next.tag) && (prev === null || (next !== prev && (next.flags & 1) !== 0))) window.__renders += 1;
    if (prev !== null && next.child === prev.child) return;
    for (let c = next.child; c; c = c.sibling) walk(c, c.alternate);
  }
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (id, root) => walk(root.current, root.current.alternate),
  };
})();`;

/** Arms the in-page measurement for the next keydown (runs in the page). */
function arm(expected: string): void {
  const w = window as unknown as { __kb: Probe; __renders?: number };
  const kb: Probe = { t0: -1, tDom: -1, tFrame: -1, r0: -1, r1: -1 };
  w.__kb = kb;
  document.addEventListener(
    'keydown',
    (e) => {
      kb.t0 = e.timeStamp;
      kb.r0 = w.__renders ?? -1;
    },
    { capture: true, once: true },
  );
  const mo = new MutationObserver(() => {
    if (kb.t0 < 0 || kb.tDom >= 0) return;
    const row = document.querySelector('tbody tr');
    if (!row || ![...row.querySelectorAll('td')].some((td) => td.textContent?.trim() === expected)) return;
    kb.tDom = performance.now();
    mo.disconnect();
    requestAnimationFrame(() => {
      kb.r1 = w.__renders ?? -1;
      kb.tFrame = performance.now();
    });
  });
  mo.observe(document.body, { subtree: true, childList: true, characterData: true });
}

/** The measurement of the keystroke just typed (runs in the page). */
function collect(listUrl: string): {
  ms: number;
  requests: number;
  requestAfterMs: number | null;
  responseMs: number | null;
  renderMs: number | null;
  components: number | null;
} {
  const kb = (window as unknown as { __kb: Probe }).__kb;
  const list = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
    (e) => e.name.includes(listUrl) && e.startTime >= kb.t0 && e.startTime <= kb.tDom,
  );
  const answered = list.filter((e) => e.responseEnd <= kb.tDom).pop();
  return {
    ms: kb.tFrame - kb.t0,
    requests: list.length,
    requestAfterMs: list.length ? list[0].startTime - kb.t0 : null,
    responseMs: answered ? answered.responseEnd - answered.startTime : null,
    renderMs: answered ? kb.tFrame - answered.responseEnd : null,
    components: kb.r0 >= 0 ? kb.r1 - kb.r0 : null,
  };
}

async function firstRow(page: Page, text: string, timeoutMs: number): Promise<void> {
  await page.waitForFunction(
    (t: string) => {
      const row = document.querySelector('tbody tr');
      return !!row && [...row.querySelectorAll('td')].some((td) => td.textContent?.trim() === t);
    },
    text,
    { polling: 100, timeout: timeoutMs },
  );
}

/** Opens the list and times each keystroke of the term; a keystroke that never shows its rows is -1. */
export async function measureSearch(browser: Browser, t: SearchTarget, timeoutMs: number): Promise<KeystrokeResult[]> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'en-GB' });
  const out: KeystrokeResult[] = [];
  const base = { app: t.app, tenant: t.tenant, units: t.units };
  try {
    // Room for every request's timing entry (the default keeps 250).
    await context.addInitScript(() => performance.setResourceTimingBufferSize(100_000));
    await context.addInitScript({ content: COUNT_RENDERS });
    if (t.storage) {
      await context.addInitScript((e: Record<string, string>) => {
        for (const [k, v] of Object.entries(e)) if (localStorage.getItem(k) === null) localStorage.setItem(k, v);
      }, t.storage);
    }
    const page = await context.newPage();
    await page.goto(t.url, { waitUntil: 'commit', timeout: timeoutMs });
    await firstRow(page, t.initialFirst, timeoutMs);
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    await page.locator(t.input).first().click();
    // The first key, like every other, alone: after the click's own work (focus, the field's transitions).
    await page.waitForTimeout(KEY_PAUSE_MS);
    for (const step of t.steps) {
      await page.evaluate(arm, step.first);
      await page.keyboard.press(step.term.slice(-1));
      const ok = await page
        .waitForFunction(() => (window as unknown as { __kb: Probe }).__kb.tFrame >= 0, null, {
          polling: 20,
          timeout: timeoutMs,
        })
        .then(() => true)
        .catch(() => false);
      if (!ok) {
        console.error(`  ${t.app} ${t.tenant}: "${step.term}" never showed ${step.first}`);
        out.push({
          ...base,
          term: step.term,
          ms: -1,
          requests: 0,
          requestAfterMs: null,
          responseMs: null,
          renderMs: null,
          components: null,
        });
        break;
      }
      const r = await page.evaluate(collect, t.listUrl);
      const round = (n: number | null) => (n === null ? null : Math.round(n));
      out.push({
        ...base,
        term: step.term,
        ms: Math.round(r.ms),
        requests: r.requests,
        requestAfterMs: round(r.requestAfterMs),
        responseMs: round(r.responseMs),
        renderMs: round(r.renderMs),
        components: r.components,
      });
      // Let trailing requests (react-admin's reference fetch) finish before the next key.
      await page.waitForTimeout(KEY_PAUSE_MS);
    }
  } catch (err) {
    console.error(`  ${t.app} ${t.tenant}: search timing failed (${(err as Error).message.split('\n')[0]})`);
  } finally {
    await context.close();
  }
  return out;
}
