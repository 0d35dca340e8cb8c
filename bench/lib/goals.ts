// The bench's goals (bench/README.md), each with the measured value from this run next to its target and
// whether it is met or by how much it misses — so the recorded RESULTS.md states it without hand-editing.
import type { ApiCase } from './api';
import type { BenchResults } from './report';
import { firstRow, kb, unitsLabel } from './report';
import { median } from './stats';

export interface Goal {
  goal: string;
  measured: string;
  /** null: not measured in this run. */
  value: number | null;
  target: number;
  /** 'max': value must be ≤ target (< when strict); 'min': value must be ≥ target. */
  kind: 'max' | 'min';
  strict?: boolean;
  unit?: string;
}

function status(g: Goal): string {
  if (g.value === null || Number.isNaN(g.value)) return 'not measured';
  const u = g.unit ?? '';
  const fmt = (n: number) => (!Number.isFinite(n) ? 'never' : u ? `${Math.round(n)} ${u}` : n.toFixed(2));
  const ok = isMet(g) === true;
  const rel = g.target ? Math.abs(g.value - g.target) / g.target : 0;
  const cmp = g.kind === 'max' ? (g.strict ? '<' : '≤') : '≥';
  if (ok) return `met (${fmt(g.value)} ${cmp} ${fmt(g.target)})`;
  if (!Number.isFinite(g.value)) return `**missed** (never ready, goal ${cmp} ${fmt(g.target)})`;
  if (!g.target) return `**missed** (${fmt(g.value)}, goal ${cmp} ${fmt(g.target)})`;
  return `**missed** by ${(rel * 100).toFixed(0)} % (${fmt(g.value)}, goal ${cmp} ${fmt(g.target)})`;
}

/** The page-load cases that are not the unit list (run.ts names them; the goals find them by it). */
export const FIRST_SCREENS = {
  loginForm: '/login-form (form usable)',
  dashboard: '/dashboard (first system card)',
} as const;
/** The search-box timings taken with Olympus on PostgreSQL (the page loads run on PGlite). */
export const OLYMPUS_ON_POSTGRES = 'olympus (PostgreSQL)';
const RA = 'react-admin anchor';
const MUI = 'mui anchor';

const pageCases = (api: ApiCase[], db: string) => api.filter((c) => c.db === db && c.kind === 'page');
const res = (c: ApiCase, target: string) => c.results.find((r) => r.target === target);

export function goalsTable(r: BenchResults): string {
  const lines = ['| goal | measured in this run | status |', '|---|---|---|'];
  for (const g of goalsOf(r)) lines.push(`| ${g.goal} | ${g.measured} | ${status(g)} |`);
  return lines.join('\n');
}

/** Whether a measured goal is met (null: not measured). */
export function isMet(g: Pick<Goal, 'value' | 'target' | 'kind' | 'strict'>): boolean | null {
  if (g.value === null || Number.isNaN(g.value)) return null;
  return g.kind === 'max' ? (g.strict ? g.value < g.target : g.value <= g.target) : g.value >= g.target;
}

/** The goals of a run, each with its value in this run (bench/README.md "report"). */
export function goalsOf(r: BenchResults): Goal[] {
  const goals: Goal[] = [];
  const unthrottled = 'unthrottled';
  const profiles = [...new Set(r.pages.map((p) => p.profile))];
  const demo = r.pages.find((p) => p.app === 'olympus' && p.units !== undefined)?.units;
  const listPage = (app: string) =>
    r.pages.filter((p) => p.app === app && p.units === demo && p.profile === unthrottled);

  // Initial JS of the first list page (bytes on the wire, as loaded by chromium).
  const oJs = median(listPage('olympus').map((p) => p.jsTransfer));
  const aJs = median(listPage('react-admin anchor').map((p) => p.jsTransfer));
  goals.push({
    goal: 'Initial JS of the first list page ≤ 1.2 × react-admin anchor',
    measured: Number.isNaN(oJs) ? '–' : `${kb(oJs)} vs ${kb(aJs)} on the wire (unit list, ${unitsLabel(demo ?? 0)})`,
    value: Number.isNaN(oJs) || !aJs ? null : oJs / aJs,
    target: 1.2,
    kind: 'max',
  });

  const login = r.routes.find((x) => x.app === 'olympus' && x.route === '/login');
  goals.push({
    goal: '/login loads no admin-resource code (modules under resources/, src/lists/, src/forms/)',
    measured: login?.adminModules
      ? `${login.files} JS files, ${login.modules} modules, ${login.adminModules.length} admin-resource modules${login.adminModules.length ? ': ' + login.adminModules.slice(0, 4).join(', ') : ''}`
      : '–',
    value: login?.adminModules ? login.adminModules.length : null,
    target: 0,
    kind: 'max',
    unit: 'modules',
  });

  const outbound = r.pages.reduce((a, p) => a + p.outbound.length, 0);
  goals.push({
    goal: 'No request leaves loopback',
    measured: `${outbound} outbound requests over ${r.pages.length} page loads`,
    value: r.pages.length ? outbound : null,
    target: 0,
    kind: 'max',
    unit: 'requests',
  });

  // First screens against both anchors' first row (their unit list): the unit list at every tenant
  // size, a signed-in person's dashboard and the sign-in form.
  const sizes = [...new Set(r.pages.map((p) => p.units).filter((u): u is number => u !== undefined))].sort(
    (a, b) => a - b,
  );
  const versus = (
    what: string,
    profile: string,
    o: number,
    app: string,
    anchorUnits: number | undefined,
    target: number,
  ) => {
    const a = firstRow(r.pages, app, profile, (p) => p.units === anchorUnits);
    goals.push({
      goal: `${what} ≤ ${target.toFixed(1)} × ${app} (${profile})`,
      measured: `${o < 0 ? 'not ready' : o} vs ${a} ms (medians)`,
      value: o > 0 && a > 0 ? o / a : o < 0 && a > 0 ? Infinity : null,
      target,
      kind: 'max',
    });
  };
  for (const profile of profiles) {
    for (const size of sizes) {
      const o = firstRow(r.pages, 'olympus', profile, (p) => p.units === size);
      versus(`First row of the unit list (${unitsLabel(size)})`, profile, o, RA, size, 1.0);
      versus(`First row of the unit list (${unitsLabel(size)})`, profile, o, MUI, size, 1.5);
    }
    const dash = firstRow(r.pages, 'olympus', profile, (p) => p.case === FIRST_SCREENS.dashboard);
    versus('/dashboard, first system card', profile, dash, RA, demo, 1.0);
    versus('/dashboard, first system card', profile, dash, MUI, demo, 1.5);
    const form = firstRow(r.pages, 'olympus', profile, (p) => p.case === FIRST_SCREENS.loginForm);
    versus('/login-form usable (email field shown and enabled)', profile, form, MUI, demo, 1.1);
  }

  for (const db of [...new Set(r.api.map((c) => c.db))]) {
    for (const c of pageCases(r.api, db)) {
      const o = res(c, 'olympus');
      const b = res(c, 'bare-fastify');
      goals.push({
        goal: `API list page ≥ 0.8 × bare Fastify (${db}, ${unitsLabel(c.units ?? 0)})`,
        measured: o && b ? `${o.rps} vs ${b.rps} req/s` : '–',
        value: o && b && b.rps ? o.rps / b.rps : null,
        target: 0.8,
        kind: 'min',
      });
    }
  }
  for (const c of pageCases(r.api, 'postgres')) {
    const o = res(c, 'olympus');
    goals.push({
      goal: `API list page p99 ≤ 50 ms at 10 connections on PostgreSQL (${unitsLabel(c.units ?? 0)})`,
      measured: o ? `p99 ${o.p99} ms, p50 ${o.p50} ms` : '–',
      value: o ? o.p99 : null,
      target: 50,
      kind: 'max',
      unit: 'ms',
    });
  }
  for (const db of [...new Set(r.api.map((c) => c.db))]) {
    const vs = r.api
      .filter((c) => c.db === db)
      .map((c) => ({ c, o: res(c, 'olympus'), j: res(c, 'json-server') }))
      .filter((x) => x.o && x.j && x.j.rps > 0)
      .map((x) => ({ name: x.c.name, ratio: (x.o?.rps ?? 0) / (x.j?.rps ?? 1) }))
      .sort((a, b) => a.ratio - b.ratio);
    const below = vs.filter((v) => v.ratio < 1);
    goals.push({
      goal: `Every endpoint ≥ json-server (${db}; worst case shown)`,
      measured: vs.length
        ? `${below.length} of ${vs.length} cases below; worst: ${vs[0].name} ${vs[0].ratio.toFixed(2)}`
        : '–',
      value: vs.length ? vs[0].ratio : null,
      target: 1,
      kind: 'min',
    });
  }

  // 100 000 units usable: the largest tenant's first row against the 1 000-unit one, and the search box.
  const largest = sizes[sizes.length - 1];
  for (const profile of profiles) {
    const big = firstRow(r.pages, 'olympus', profile, (p) => p.units === largest);
    const small = firstRow(r.pages, 'olympus', profile, (p) => p.units === 1000);
    goals.push({
      goal: `${largest ? unitsLabel(largest) : 'Largest tenant'}: first row < 2 × its time at 1k units (Olympus, ${profile})`,
      measured: `${big < 0 ? 'timeout' : big} vs ${small} ms`,
      value: largest && largest > 1000 && small > 0 ? (big < 0 ? Infinity : big / small) : null,
      target: 2,
      kind: 'max',
      strict: true,
    });
  }
  // Every tenant of 10 000 units and up (the short run's largest is 10k, the full run's 100k, so the two
  // runs share the 10k goal and recorded.json can compare it); the largest when all are smaller.
  const largestKeys = Math.max(0, ...r.searches.map((s) => s.units));
  const keySizes = [...new Set(r.searches.map((s) => s.units))].filter((u) => u >= 10_000 || u === largestKeys);
  for (const keyUnits of keySizes.length ? keySizes.sort((a, b) => a - b) : [0])
    for (const [app, db] of [
      ['olympus', 'PGlite'],
      [OLYMPUS_ON_POSTGRES, 'PostgreSQL'],
    ] as const) {
      const keys = r.searches.filter((s) => s.app === app && s.units === keyUnits);
      if (!keys.length && (app !== 'olympus' || keySizes.length)) continue;
      const terms = [...new Set(keys.map((k) => k.term))];
      const failed = keys.filter((k) => k.ms < 0).length;
      const perTerm = terms.map((t) => median(keys.filter((k) => k.term === t && k.ms >= 0).map((k) => k.ms)));
      const worst = failed ? Infinity : perTerm.length ? Math.max(...perTerm) : null;
      goals.push({
        goal: `${keyUnits ? unitsLabel(keyUnits) : 'Largest tenant'}: search < 100 ms per keystroke (Olympus on ${db}, worst keystroke)`,
        measured: keys.length
          ? `${perTerm.map((ms, i) => `"${terms[i]}" ${Math.round(ms)}`).join(', ')} ms${failed ? `, ${failed} never showed their rows` : ''}`
          : '–',
        value: worst,
        target: 100,
        kind: 'max',
        strict: true,
        unit: 'ms',
      });
    }

  // Freeze: /healthz from a separate client while Olympus is under its heaviest load (bench's bar: the API's 50 ms
  // p99).
  for (const c of r.api.filter((x) => res(x, 'olympus')?.probe)) {
    const h = res(c, 'olympus')?.probe?.find((p) => p.path === '/healthz');
    if (!h) continue;
    goals.push({
      goal: `Server does not freeze: /healthz p99 ≤ 50 ms during "${c.name}" (${c.db})`,
      measured: `p50 ${h.p50}, p99 ${h.p99}, max ${h.max} ms over ${h.samples} probes`,
      value: h.samples ? h.p99 : null,
      target: 50,
      kind: 'max',
      unit: 'ms',
    });
  }

  return goals;
}
