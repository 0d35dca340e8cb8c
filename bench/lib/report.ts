// Markdown for bench/RESULTS.md: the machine, the command, and one table per measurement.
import { execSync } from 'node:child_process';
import os from 'node:os';
import type { ApiCase } from './api';
import type { BundleStats } from './bundle';
import { median, type PageResult } from './pageload';

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : '–');

export function machine(): string {
  let chromium = '?';
  try {
    chromium = execSync(`${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'} --version 2>/dev/null`, { encoding: 'utf8' }).trim();
  } catch {
    /* not installed */
  }
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${chromium}, ${os.type()} ${os.release()}`;
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

export function bundleTable(stats: BundleStats[]): string {
  const base = stats.find((s) => s.app === 'react-admin anchor');
  const lines = ['| app | JS files | min | gzip | brotli | gzip ÷ react-admin anchor |', '|---|---:|---:|---:|---:|---:|'];
  for (const s of stats) lines.push(`| ${s.app} | ${s.files} | ${kb(s.min)} | ${kb(s.gzip)} | ${kb(s.brotli)} | ${base ? ratio(s.gzip, base.gzip) : '–'} |`);
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
    const med = (app: string) => {
      const ok = group.filter((r) => r.app === app && r.readyMs >= 0).map((r) => r.readyMs);
      return ok.length ? median(ok) : -1;
    };
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
