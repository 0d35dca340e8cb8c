// Markdown for bench/RESULTS.md: the machine, the command, and one table per measurement
// (the goals table, built from the same results, is in goals.ts).
import { execSync } from 'node:child_process';
import os from 'node:os';
import type { ApiCase } from './api';
import type { BundleStats } from './bundle';
import type { ProbeStats } from './health-probe';
import type { KeystrokeResult } from './keystroke';
import type { RouteJs } from './modules';
import type { PageResult } from './pageload';
import type { Payload } from './payload';
import { median } from './stats';
import type { ProcessTime } from './timed';

/** One Olympus server process of the run (API phase or page phase, per database). */
export interface ServerStat {
  db: string;
  phase: string;
  rssIdleMb: number | null;
  rssPeakMb: number | null;
  /** null: /usr/bin/time is missing (or the process was killed before it wrote). */
  time: ProcessTime | null;
}

export interface BenchResults {
  bundles: BundleStats[];
  routes: RouteJs[];
  pages: PageResult[];
  searches: KeystrokeResult[];
  payloads: (Payload & { db: string })[];
  api: ApiCase[];
  idleProbes: { db: string; probes: ProbeStats[] }[];
  servers: ServerStat[];
  timeMissing: boolean;
}

export const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
export const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
export const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : '–');
/** "28 units", "10k units" from a unit count. */
export const unitsLabel = (n: number) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000}k units` : `${n} units`);

export function machine(): string {
  let chromium = '?';
  try {
    chromium = execSync(`${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'} --version 2>/dev/null`, {
      encoding: 'utf8',
    }).trim();
  } catch {
    /* not installed */
  }
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${chromium}, ${os.type()} ${os.release()}`;
}

/** Median first-row time of an app in a case × profile, or -1 (none ready). */
export function firstRow(pages: PageResult[], app: string, profile: string, match: (r: PageResult) => boolean): number {
  const ok = pages
    .filter((r) => r.app === app && r.profile === profile && match(r) && r.readyMs >= 0)
    .map((r) => r.readyMs);
  return ok.length ? Math.round(median(ok)) : -1;
}

export function bundleTable(stats: BundleStats[]): string {
  const base = stats.find((s) => s.app === 'react-admin anchor');
  const lines = [
    '| app | JS files | min | gzip | brotli | gzip ÷ react-admin anchor |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const s of stats)
    lines.push(
      `| ${s.app} | ${s.files} | ${kb(s.min)} | ${kb(s.gzip)} | ${kb(s.brotli)} | ${base ? ratio(s.gzip, base.gzip) : '–'} |`,
    );
  return lines.join('\n');
}

/** The JS each route loads in chromium (files of the build, sized like the bundle table) and the /login check. */
export function routeTable(routes: RouteJs[]): string {
  const lines = [
    '| app | route | JS files | min | gzip | brotli | source modules | own code (rendered) | largest packages (rendered) | admin-resource modules (resources/, src/lists/, src/forms/) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const r of routes) {
    // Named for /login (where any is a failure); counted elsewhere.
    const names =
      r.route === '/login' && r.adminModules?.length
        ? `: ${r.adminModules.slice(0, 6).join(', ')}${r.adminModules.length > 6 ? ', …' : ''}`
        : '';
    const admin =
      r.adminModules === null
        ? '–'
        : r.adminModules.length
          ? `${r.route === '/login' ? '**FLAG** ' : ''}${r.adminModules.length}${names}`
          : 'none';
    const top = r.packages === null ? '–' : r.packages.map((p) => `${p.name} ${kb(p.bytes)}`).join(', ');
    lines.push(
      `| ${r.app} | ${r.route} | ${r.files} | ${kb(r.min)} | ${kb(r.gzip)} | ${kb(r.brotli)} | ${r.modules ?? '–'} | ${r.ownBytes === null ? '–' : kb(r.ownBytes)} | ${top} | ${admin} |`,
    );
  }
  return lines.join('\n');
}

/** Medians over the interleaved runs, per case × profile × app, with the ratio to the react-admin anchor. */
export function pageTable(results: PageResult[]): string {
  const keys = [...new Set(results.map((r) => `${r.case}\u0000${r.profile}`))];
  const lines = [
    '| case | profile | app | runs | first row ms (median) | ÷ react-admin anchor | JS files | JS on wire | JS decoded | API calls | DOM nodes | heap MB |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const key of keys) {
    const [cs, profile] = key.split('\u0000');
    const group = results.filter((r) => r.case === cs && r.profile === profile);
    const apps = [...new Set(group.map((r) => r.app))];
    const med = (app: string) => firstRow(group, app, profile, () => true);
    const anchor = apps.includes('react-admin anchor') ? Math.max(0, med('react-admin anchor')) : 0;
    for (const app of apps) {
      const rs = group.filter((r) => r.app === app);
      const last = rs[rs.length - 1];
      lines.push(
        `| ${cs} | ${profile} | ${app} | ${rs.length} | ${med(app) < 0 ? 'not ready (timeout)' : med(app)} | ${anchor && med(app) >= 0 ? ratio(med(app), anchor) : '–'} | ${last.jsFiles} | ${kb(last.jsTransfer)} | ${kb(last.jsDecoded)} | ${last.apiCalls} | ${last.domNodes} | ${last.heapMb} |`,
      );
    }
  }
  return lines.join('\n');
}

/** First row by tenant size, per app and profile, with the largest ÷ the 1 000-unit time. */
export function scaleTable(pages: PageResult[]): string {
  const sizes = [...new Set(pages.filter((p) => p.units !== undefined).map((p) => p.units as number))].sort(
    (a, b) => a - b,
  );
  const largest = sizes[sizes.length - 1];
  const lines = [
    `| app | profile | ${sizes.map((s) => `first row ms, ${unitsLabel(s)}`).join(' | ')} | ${unitsLabel(largest)} ÷ 1k units (goal < 2) | heap MB at ${unitsLabel(largest)} |`,
    `|---|---|${sizes.map(() => '---:').join('|')}|---:|---:|`,
  ];
  const combos = [...new Set(pages.filter((p) => p.units !== undefined).map((p) => `${p.app}\u0000${p.profile}`))];
  for (const combo of combos) {
    const [app, profile] = combo.split('\u0000');
    const at = (n: number) => firstRow(pages, app, profile, (r) => r.units === n);
    const heap = pages
      .filter((r) => r.app === app && r.profile === profile && r.units === largest)
      .map((r) => r.heapMb);
    const cells = sizes.map((s) => (at(s) < 0 ? 'timeout' : String(at(s))));
    const oneK = sizes.includes(1000) ? at(1000) : -1;
    lines.push(
      `| ${app} | ${profile} | ${cells.join(' | ')} | ${oneK > 0 && at(largest) >= 0 ? ratio(at(largest), oneK) : '–'} | ${heap.length ? Math.max(...heap) : '–'} |`,
    );
  }
  return lines.join('\n');
}

export function payloadTable(payloads: (Payload & { db: string })[]): string {
  const lines = [
    '| database | tenant | answer | status | decoded | on the wire | encoding | one request ms |',
    '|---|---|---|---:|---:|---:|---|---:|',
  ];
  for (const p of payloads)
    lines.push(
      `| ${p.db} | ${unitsLabel(p.units)} | ${p.what} | ${p.status} | ${mb(p.decoded)} | ${p.wire > 100_000 ? mb(p.wire) : kb(p.wire)} | ${p.encoding} | ${p.ms} |`,
    );
  return lines.join('\n');
}

/** Per keystroke: medians over keystrokes and runs, and the worst keystroke (median over runs of each term). */
export function searchTable(results: KeystrokeResult[]): string {
  const lines = [
    '| tenant | app | runs | keystrokes timed | key → rows shown ms (median) | worst keystroke ms | list requests per key | key → request sent ms (debounce) | request → response ms | response → rows shown ms | failed |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const combos = [...new Set(results.map((r) => `${r.units}\u0000${r.app}`))];
  for (const combo of combos) {
    const [units, app] = combo.split('\u0000');
    const rs = results.filter((r) => String(r.units) === units && r.app === app);
    const ok = rs.filter((r) => r.ms >= 0);
    const terms = [...new Set(ok.map((r) => r.term))];
    const worst = terms.length
      ? Math.max(...terms.map((t) => median(ok.filter((r) => r.term === t).map((r) => r.ms))))
      : -1;
    const runs = rs.filter((r) => r.term.length === 1).length;
    const med = (xs: (number | null)[]) => {
      const v = xs.filter((x): x is number => x !== null);
      return v.length ? String(Math.round(median(v))) : '–';
    };
    lines.push(
      `| ${unitsLabel(Number(units))} | ${app} | ${runs} | ${ok.length} | ${med(ok.map((r) => r.ms))} | ${worst < 0 ? '–' : Math.round(worst)} | ${med(ok.map((r) => r.requests))} | ${med(ok.map((r) => r.requestAfterMs))} | ${med(ok.map((r) => r.responseMs))} | ${med(ok.map((r) => r.renderMs))} | ${rs.length - ok.length} |`,
    );
  }
  return lines.join('\n');
}

export function apiTable(cases: ApiCase[]): string {
  const lines = [
    '| database | case | target | req/s | p50 ms | p99 ms | bytes/req | non-2xx | server RSS idle → peak MB | Olympus ÷ target (req/s) |',
    '|---|---|---|---:|---:|---:|---:|---:|---|---:|',
  ];
  for (const c of cases) {
    const oly = c.results.find((r) => r.target === 'olympus');
    for (const r of c.results) {
      lines.push(
        `| ${c.db} | ${c.name} | ${r.target} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.bytesPerReq} | ${r.non2xx + r.errors} | ${r.rssIdleMb ?? '?'} → ${r.rssPeakMb ?? '?'} | ${r.target === 'olympus' || !oly ? '' : ratio(oly.rps, r.rps)} |`,
      );
    }
  }
  return lines.join('\n');
}

/** /healthz and /readyz from a separate client: idle, and during the Olympus runs that carried the probe. */
export function healthTable(r: Pick<BenchResults, 'api' | 'idleProbes'>): string {
  const lines = [
    '| database | while | probe | samples | p50 ms | p99 ms | max ms | failed |',
    '|---|---|---|---:|---:|---:|---:|---:|',
  ];
  const row = (db: string, during: string, p: ProbeStats) =>
    lines.push(`| ${db} | ${during} | ${p.path} | ${p.samples} | ${p.p50} | ${p.p99} | ${p.max} | ${p.failures} |`);
  for (const { db, probes } of r.idleProbes) for (const p of probes) row(db, 'idle', p);
  for (const c of r.api) {
    const oly = c.results.find((x) => x.target === 'olympus' && x.probe);
    for (const p of oly?.probe ?? []) row(c.db, `${c.name}, Olympus under that load`, p);
  }
  return lines.join('\n');
}

export function serverTable(servers: ServerStat[], timeMissing: boolean): string {
  const lines = [
    '| database | Olympus process over | RSS idle MB | RSS peak MB (sampled) | max RSS MB (/usr/bin/time) | CPU s user + sys | wall s |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  const na = timeMissing ? 'n/a (no /usr/bin/time)' : '?';
  for (const s of servers) {
    const t = s.time;
    lines.push(
      `| ${s.db} | ${s.phase} | ${s.rssIdleMb ?? '?'} | ${s.rssPeakMb ?? '?'} | ${t ? t.maxRssMb : na} | ${t ? `${t.userS.toFixed(1)} + ${t.sysS.toFixed(1)}` : na} | ${t ? t.wallS.toFixed(0) : na} |`,
    );
  }
  return lines.join('\n');
}
