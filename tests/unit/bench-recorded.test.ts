// The bench's comparison with its recorded run (bench/lib/recorded.ts): a developer running
// `npm run bench:short` must see a goal that got worse than recorded, whichever way the goal points.
import { describe, expect, it } from 'vitest';
import type { Goal } from '../../bench/lib/goals';
import { compareWithRecorded, readRecorded, SLOWDOWN, type RecordedRun } from '../../bench/lib/recorded';

const KEY = '10k units: search < 100 ms per keystroke (Olympus on PGlite, worst keystroke)';
const API = 'API list page ≥ 0.8 × bare Fastify (pglite, 10k units)';

const recorded: RecordedRun = {
  run: '2026-11-24T13:31:58.191Z',
  commit: 'abc1234',
  command: 'npm run bench -- --record',
  goals: {
    [KEY]: { value: 132, target: 100, kind: 'max', strict: true, unit: 'ms' },
    [API]: { value: 1.03, target: 0.8, kind: 'min' },
  },
};

const keystroke = (ms: number): Goal => ({
  goal: KEY,
  measured: `${ms} ms`,
  value: ms,
  target: 100,
  kind: 'max',
  strict: true,
  unit: 'ms',
});
const api = (ratio: number): Goal => ({ goal: API, measured: '', value: ratio, target: 0.8, kind: 'min' });

describe('the bench compared with its recorded run', () => {
  it('flags the regressed keystroke (275 ms against 132 recorded) with its ratio, and says the goal is missed', () => {
    const { table, slowdowns } = compareWithRecorded([keystroke(275)], recorded);
    expect(slowdowns).toEqual([`${KEY}: 275 ms now, 132 ms recorded`]);
    const row = table.split('\n').find((l) => l.startsWith(`| ${KEY}`));
    expect(row).toContain('| 275 ms | 132 ms | 2.08 | < 100 ms | **missed** | **slower** by 108 % |');
  });

  it(`does not flag a change within ${Math.round((SLOWDOWN - 1) * 100)} %, nor an improvement`, () => {
    expect(compareWithRecorded([keystroke(150), api(0.9)], recorded).slowdowns).toEqual([]);
    expect(compareWithRecorded([keystroke(60), api(1.5)], recorded).slowdowns).toEqual([]);
  });

  it('flags a "≥" goal that fell: fewer requests per second than recorded is the slowdown', () => {
    expect(compareWithRecorded([api(0.8)], recorded).slowdowns).toHaveLength(1);
  });

  it('shows a goal the recorded run did not measure as not recorded, never as a slowdown', () => {
    const other: Goal = { ...keystroke(300), goal: '1M units: search' };
    const { table, slowdowns } = compareWithRecorded([other], recorded);
    expect(slowdowns).toEqual([]);
    expect(table).toContain('| 1M units: search | 300 ms | – | – | < 100 ms | **missed** | not recorded |');
  });

  it('the committed bench/recorded.json holds a value, target and direction for each goal', () => {
    const file = readRecorded();
    expect(file).not.toBeNull();
    const goals = Object.values(file?.goals ?? {});
    expect(goals.length).toBeGreaterThan(0);
    for (const g of goals) {
      expect(Number.isFinite(g.value)).toBe(true);
      expect(Number.isFinite(g.target)).toBe(true);
      expect(['max', 'min']).toContain(g.kind);
    }
  });
});
