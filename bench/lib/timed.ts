// GNU /usr/bin/time around a server process: its peak RSS and CPU seconds over its whole life (all
// threads, so a PGlite worker thread counts too). Optional: without /usr/bin/time the bench says so
// and leaves the column empty.
import { existsSync, readFileSync } from 'node:fs';

export const TIME_BIN = '/usr/bin/time';

export interface ProcessTime {
  maxRssMb: number;
  userS: number;
  sysS: number;
  wallS: number;
}

export const hasTime = () => existsSync(TIME_BIN);

/** The command line running `cmd args` under /usr/bin/time, writing its numbers to `outFile`. */
export function timed(cmd: string, args: string[], outFile: string): [string, string[]] {
  return [TIME_BIN, ['-f', 'BENCH_TIME %M %U %S %e', '-o', outFile, cmd, ...args]];
}

/** Parses what timed() wrote, or null (no file, killed before it could write). */
export function readTime(outFile: string): ProcessTime | null {
  if (!existsSync(outFile)) return null;
  const m = /BENCH_TIME (\d+) ([\d.]+) ([\d.]+) ([\d.]+)/.exec(readFileSync(outFile, 'utf8'));
  if (!m) return null;
  return { maxRssMb: Math.round(Number(m[1]) / 1024), userS: Number(m[2]), sysS: Number(m[3]), wallS: Number(m[4]) };
}
