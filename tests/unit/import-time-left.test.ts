// An import's time left, from the pace of its rows since the screen first saw it running.
import { describe, expect, it } from 'vitest';
import { secondsLeft } from '../../src/imports/timeLeft';

describe('an import’s time left', () => {
  it('is the rows left at the pace seen so far', () => {
    // 1 000 rows in 2 s: 500 rows/s, 8 000 rows left.
    expect(secondsLeft({ at: 0, done: 1000 }, { at: 2000, done: 2000 }, 10_000)).toBe(16);
    // Rounded up: a second's part still to wait.
    expect(secondsLeft({ at: 0, done: 0 }, { at: 3000, done: 500 }, 1200)).toBe(5);
  });

  it('is unknown until the count has moved, and once every row is done', () => {
    expect(secondsLeft({ at: 0, done: 500 }, { at: 0, done: 500 }, 1000)).toBeNull();
    expect(secondsLeft({ at: 0, done: 500 }, { at: 4000, done: 500 }, 1000)).toBeNull();
    expect(secondsLeft({ at: 0, done: 500 }, { at: 4000, done: 1000 }, 1000)).toBeNull();
  });
});
