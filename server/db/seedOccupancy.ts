// The demo units' status history (docs/resources.md "Occupancy"): 18 months of lets, voids of varied
// length (mostly a few weeks, some months), offers and the odd spell of maintenance, told backwards
// from each unit's current status so the demo's present is what it always was. Its own generator, so
// the rest of the demo data stays as it is.
import { addDays, todayUtc } from '../../contract/dates';

/** How far back the demo history reaches. */
export const HISTORY_DAYS = 548;

export interface SeedPeriod {
  status: string;
  startedOn: string;
  /** Exclusive; null for the current period. */
  endedOn: string | null;
}

/** mulberry32, as the seed's own. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function historyGenerator(seed = 20_250_601) {
  const next = generator(seed);
  const between = (min: number, max: number, skew = 1) => min + Math.floor(Math.pow(next(), skew) * (max - min + 1));
  /** How long a spell of each status lasts, in days (voids skewed short: about three weeks on average). */
  const length: Record<string, () => number> = {
    Let: () => between(120, 480),
    Available: () => between(3, 95, 2.2),
    'Under Offer': () => between(4, 21),
    Maintenance: () => between(10, 55),
  };
  /** The status before a spell of `status`. */
  const before: Record<string, () => string> = {
    Let: () => (next() < 0.6 ? 'Under Offer' : 'Available'),
    Available: () => (next() < 0.85 ? 'Let' : 'Maintenance'),
    'Under Offer': () => 'Available',
    Maintenance: () => 'Let',
  };

  /** A unit's periods, oldest first, ending in `current`; some units joined the portfolio later. */
  return function history(current: string, today = todayUtc()): SeedPeriod[] {
    const joined = next() < 0.15 ? between(150, HISTORY_DAYS - 30) : HISTORY_DAYS;
    const periods: SeedPeriod[] = [];
    let status = current;
    let end: string | null = null;
    // The current spell is partly over: a random part of a typical one has passed.
    let ago = Math.max(1, Math.floor(length[status]() * next()));
    for (;;) {
      const start = ago >= joined ? addDays(today, -joined) : addDays(today, -ago);
      periods.unshift({ status, startedOn: start, endedOn: end });
      if (ago >= joined) return periods;
      end = start;
      status = before[status]();
      ago += length[status]();
    }
  };
}
