// The recorded run's goal values (bench/recorded.json, written by `npm run bench -- --record` beside the
// Markdown of bench/RESULTS.md) and the table every run prints at its end: each goal now, recorded, their
// ratio, the target and whether it is met, a slowdown past SLOWDOWN flagged — so a developer sees a
// regression before submitting, in ratios (the machine is shared: absolute times move with its load).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isMet, type Goal } from './goals';

export const RECORDED_FILE = 'bench/recorded.json';
/** A goal's value this much worse than recorded (now ÷ recorded, or its inverse for a "≥" goal) is flagged. */
export const SLOWDOWN = 1.2;

export interface RecordedGoal {
  value: number;
  target: number;
  kind: 'max' | 'min';
  strict?: boolean;
  unit?: string;
  /** How a value not taken from the goals table was read. */
  note?: string;
}

export interface RecordedRun {
  /** When the recorded run ran (ISO), its commit and command. */
  run: string;
  commit: string;
  command: string;
  note?: string;
  /** By the goal's text (goals.ts names each goal with its size and database). */
  goals: Record<string, RecordedGoal>;
}

export function readRecorded(file = RECORDED_FILE): RecordedRun | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RecordedRun) : null;
}

/** This run's measured goals as the recorded run (`--record`). */
export function recordedOf(goals: Goal[], run: Omit<RecordedRun, 'goals'>): RecordedRun {
  const out: RecordedRun = { ...run, goals: {} };
  for (const g of goals) {
    if (g.value === null || !Number.isFinite(g.value)) continue;
    out.goals[g.goal] = { value: g.value, target: g.target, kind: g.kind, strict: g.strict, unit: g.unit };
  }
  return out;
}

export function writeRecorded(run: RecordedRun, file = RECORDED_FILE): void {
  writeFileSync(file, JSON.stringify(run, null, 2) + '\n');
}

/** How much worse `now` is than `recorded` (1.3: 30 % worse), whichever way the goal points; null: no ratio. */
export function worsening(kind: 'max' | 'min', now: number, recorded: number): number | null {
  if (now === recorded) return 1;
  if (!Number.isFinite(now)) return kind === 'max' ? Infinity : null;
  if (recorded === 0 || now === 0)
    return kind === 'max' ? (now > recorded ? Infinity : 0) : now > recorded ? 0 : Infinity;
  return kind === 'max' ? now / recorded : recorded / now;
}

export interface Comparison {
  table: string;
  /** One line per goal past SLOWDOWN. */
  slowdowns: string[];
}

const fmt = (n: number, unit?: string) =>
  !Number.isFinite(n) ? 'never' : unit ? `${Math.round(n)} ${unit}` : n.toFixed(2);

/** The goals measured now beside the recorded run's. */
export function compareWithRecorded(goals: Goal[], rec: RecordedRun): Comparison {
  const lines = [
    `Recorded run: ${rec.run} (commit ${rec.commit}, \`${rec.command}\`). A goal more than ${Math.round((SLOWDOWN - 1) * 100)} % worse than recorded is flagged.`,
    '',
    '| goal | now | recorded | now ÷ recorded | goal | met | |',
    '|---|---:|---:|---:|---|---|---|',
  ];
  const slowdowns: string[] = [];
  for (const g of goals) {
    if (g.value === null || Number.isNaN(g.value)) continue;
    const r = rec.goals[g.goal];
    const cmp = g.kind === 'max' ? (g.strict ? '<' : '≤') : '≥';
    const met = isMet(g) ? 'met' : '**missed**';
    if (!r) {
      lines.push(
        `| ${g.goal} | ${fmt(g.value, g.unit)} | – | – | ${cmp} ${fmt(g.target, g.unit)} | ${met} | not recorded |`,
      );
      continue;
    }
    const worse = worsening(g.kind, g.value, r.value);
    const ratio = r.value && Number.isFinite(g.value) ? (g.value / r.value).toFixed(2) : '–';
    const flag = worse !== null && worse > SLOWDOWN;
    const label = flag
      ? `**slower** ${Number.isFinite(worse) ? `by ${Math.round((worse - 1) * 100)} %` : ''}`.trim()
      : '';
    if (flag) slowdowns.push(`${g.goal}: ${fmt(g.value, g.unit)} now, ${fmt(r.value, r.unit)} recorded`);
    lines.push(
      `| ${g.goal} | ${fmt(g.value, g.unit)} | ${fmt(r.value, r.unit)}${r.note ? ' (¹)' : ''} | ${ratio} | ${cmp} ${fmt(g.target, g.unit)} | ${met} | ${label} |`,
    );
  }
  const notes = Object.entries(rec.goals).filter(([k, r]) => r.note && goals.some((g) => g.goal === k));
  if (notes.length) lines.push('', ...notes.map(([k, r]) => `(¹) ${k}: ${r.note}`));
  return { table: lines.join('\n'), slowdowns };
}
