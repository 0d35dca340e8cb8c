// The "does the server freeze under load" probe: a separate client (this process, one keep-alive
// connection, not autocannon's) asks GET /healthz (answered without the database: it measures only
// whether the server's event loop is free) and GET /readyz (one `select 1`: the wait for the database)
// one request at a time, every 50 ms, while a load runs. A server that blocks its thread on a query
// (embedded PGlite on the main thread) answers /healthz late; one with the database elsewhere does not.
import http from 'node:http';
import { median } from './stats';

export interface ProbeStats {
  path: string;
  samples: number;
  p50: number;
  p99: number;
  max: number;
  failures: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });

function once(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, timeout: 60_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve((res.statusCode ?? 0) < 400));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

function stats(path: string, ms: number[], failures: number): ProbeStats {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) =>
    s.length ? Math.round(s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] * 10) / 10 : -1;
  return {
    path,
    samples: s.length,
    p50: s.length ? Math.round(median(s) * 10) / 10 : -1,
    p99: at(0.99),
    max: at(1),
    failures,
  };
}

/** Starts probing `base` + each path; `stop()` ends it and answers the latency of each path. */
export function startProbe(
  base: string,
  paths: string[] = ['/healthz', '/readyz'],
  intervalMs = 50,
): { stop: () => Promise<ProbeStats[]> } {
  let running = true;
  const loops = paths.map(async (p) => {
    const ms: number[] = [];
    let failures = 0;
    while (running) {
      const t0 = performance.now();
      const ok = await once(base + p);
      const took = performance.now() - t0;
      if (ok) ms.push(took);
      else failures++;
      if (running) await new Promise((r) => setTimeout(r, Math.max(0, intervalMs - took)));
    }
    return stats(p, ms, failures);
  });
  return {
    stop: async () => {
      running = false;
      return Promise.all(loops);
    },
  };
}

/** Probes an idle server for `ms` (the baseline next to the numbers under load). */
export async function probeIdle(base: string, ms: number): Promise<ProbeStats[]> {
  const probe = startProbe(base);
  await new Promise((r) => setTimeout(r, ms));
  return probe.stop();
}
