// How long a running import has left, from how fast its rows went since the screen first saw it move:
// the server counts whole batches, so the estimate appears once a second count arrives, and again
// after a reload (the screen shows an import it left running).
import { useRef } from 'react';

interface Sample {
  at: number;
  done: number;
}

/** Seconds left at the pace from `first` to `now`, or null while there is no pace yet. */
export function secondsLeft(first: Sample, now: Sample, rows: number): number | null {
  const rate = (now.done - first.done) / ((now.at - first.at) / 1000);
  if (!(rate > 0) || now.done >= rows) return null;
  return Math.ceil((rows - now.done) / rate);
}

/** The running import's time left in seconds (null before a pace is known, or once it is not running). */
export function useSecondsLeft(running: boolean, id: string | null, done: number, rows: number): number | null {
  const first = useRef<(Sample & { id: string | null }) | null>(null);
  if (!running || first.current?.id !== id || (first.current && done < first.current.done)) first.current = null;
  if (!running) return null;
  const now = { at: Date.now(), done };
  if (!first.current) {
    first.current = { ...now, id };
    return null;
  }
  return secondsLeft(first.current, now, rows);
}
