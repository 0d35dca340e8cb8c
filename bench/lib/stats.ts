// Small statistics shared by the tables.

/** The median (mean of the middle two for an even count); NaN for none. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Answer times of a probe: their count, p50, p90 and max in whole ms (-1 for none), and the failures. */
export interface Latency {
  samples: number;
  p50: number;
  p90: number;
  max: number;
  failures: number;
}

export function latency(ms: number[], failures: number): Latency {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? Math.round(s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]) : -1);
  return { samples: s.length, p50: at(0.5), p90: at(0.9), max: at(1), failures };
}
