import { afterAll, beforeAll, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestApp, type TestApp } from './harness';
import { createWorld, type World } from './resources-fixtures';

let t: TestApp; let w: World; let base: string;
beforeAll(async () => {
  t = await createTestApp(); w = await createWorld(t.database.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => t.close());

const CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, n, abortMs } = workerData;
(async () => {
  const s = performance.now(); const statuses = []; let hung = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    const c = new AbortController(); const timer = abortMs ? setTimeout(() => c.abort(), abortMs) : null;
    try { const r = await fetch(url, { headers, signal: c.signal }); await r.text(); statuses.push(r.status); } catch { hung++; } finally { if (timer) clearTimeout(timer); }
  }));
  parentPort.postMessage({ ms: performance.now() - s, statuses, hung });
})();`;

async function burst(label: string, url: string, headers: Record<string, string>, abortMs = 0) {
  let sampling = true; const health: number[] = [];
  const sampler = (async () => { while (sampling) { const s = performance.now(); await fetch(`${base}/healthz`).then((r) => r.text()); health.push(performance.now() - s); await sleep(20); } })();
  await sleep(50);
  const wk = new Worker(CODE, { eval: true, workerData: { url, headers, n: 300, abortMs } });
  const res = await new Promise<{ ms: number; statuses: number[]; hung: number }>((r) => wk.once('message', r));
  await wk.terminate();
  sampling = false; await sampler;
  health.sort((a, b) => a - b);
  console.info(`${label}: 300 in ${res.ms.toFixed(0)} ms hung ${res.hung}; healthz p99 ${health[Math.ceil(0.99 * health.length) - 1].toFixed(1)} max ${health.at(-1)!.toFixed(1)} n=${health.length}`);
}
it('probe', async () => {
  const h = { ...w.headers.admin, 'x-tenant': w.own.id };
  await fetch(`${base}/healthz`).then((r) => r.text());
  await burst('healthz', `${base}/healthz`, {});
  await burst('healthz', `${base}/healthz`, {});
  await burst('page', `${base}/api/v1/units?page=1&per_page=1`, h);
  await burst('page', `${base}/api/v1/units?page=1&per_page=1`, h);
  await burst('unauth', `${base}/api/v1/units`, {});
  await burst('page-abort', `${base}/api/v1/units?page=1&per_page=1`, h, 300);
}, 60_000);
