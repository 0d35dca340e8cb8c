// The off-thread worker's slab pool (server/db/byteSlabs.ts): an answer is encoded into a free slab, a lent slab is
// never written again until its lease is released, a slab's memory is shared once, and the pool stays bounded.
import { describe, expect, it } from 'vitest';
import { POOL_MAX_BYTES, SLAB_IDLE_MS, SLAB_MAX_BYTES, SLAB_STEP_BYTES, SlabPool } from '../../server/db/byteSlabs';

const text = (pool: SlabPool, value: string) => {
  const got = pool.encode(value);
  if (!got) throw new Error('no slab');
  return got;
};
const bytesOf = (memory: SharedArrayBuffer, length: number) => Buffer.from(memory, 0, length).toString('utf8');

describe('the slab pool', () => {
  it('encodes an answer into a slab whose memory it shares once, then reuses it once released', () => {
    const pool = new SlabPool(3);
    const first = text(pool, 'héllo');
    expect(first.ref.length).toBe(Buffer.byteLength('héllo'));
    expect(first.ref.memory).toBeInstanceOf(SharedArrayBuffer);
    expect(first.ref.memory!.byteLength).toBe(SLAB_STEP_BYTES);
    expect(bytesOf(first.ref.memory!, first.ref.length)).toBe('héllo');

    pool.release(first.ref.slab, first.ref.lease);
    const again = text(pool, 'world');
    expect(again.ref.slab).toBe(first.ref.slab);
    expect(again.ref.lease).not.toBe(first.ref.lease);
    // The main thread has the memory already: only named.
    expect(again.ref.memory).toBeUndefined();
    expect(bytesOf(first.ref.memory!, again.ref.length)).toBe('world');
  });

  it('never writes a lent slab: each answer lent at once has its own, and the first keeps its bytes', () => {
    const pool = new SlabPool(3);
    const a = text(pool, 'a'.repeat(1000));
    const b = text(pool, 'b'.repeat(1000));
    expect(b.ref.slab).not.toBe(a.ref.slab);
    expect(bytesOf(a.ref.memory!, a.ref.length)).toBe('a'.repeat(1000));
    expect(pool.size).toMatchObject({ slabs: 2, lent: 2 });
  });

  it('ignores a release of a lease that has ended (late or repeated): the slab stays lent to its new answer', () => {
    const pool = new SlabPool(1);
    const old = text(pool, 'old');
    pool.release(old.ref.slab, old.ref.lease);
    const now = text(pool, 'new');
    pool.release(old.ref.slab, old.ref.lease);
    expect(pool.size.lent).toBe(1);
    // Every slab lent: the next answer gets no slab (the worker then hands over a buffer of its own).
    expect(pool.encode('more')).toBeNull();
    pool.release(now.ref.slab, now.ref.lease);
    expect(pool.encode('more')).not.toBeNull();
  });

  it('holds at most its slabs: a free one too small makes room for a bigger answer, the main thread told to drop it', () => {
    const pool = new SlabPool(1);
    const small = text(pool, 'x');
    pool.release(small.ref.slab, small.ref.lease);
    const big = text(pool, 'y'.repeat(SLAB_STEP_BYTES + 1));
    expect(big.dropped).toEqual([small.ref.slab]);
    expect(big.ref.slab).not.toBe(small.ref.slab);
    expect(big.ref.memory!.byteLength).toBe(2 * SLAB_STEP_BYTES);
    expect(pool.size).toMatchObject({ slabs: 1, lent: 1 });
  });

  it('gives an answer bigger than SLAB_MAX_BYTES no slab', () => {
    const pool = new SlabPool(2);
    expect(pool.encode('z'.repeat(SLAB_MAX_BYTES + 1))).toBeNull();
    expect(pool.size.slabs).toBe(0);
  });

  it('drops the free slabs unused for SLAB_IDLE_MS, never a lent one', () => {
    let now = 0;
    const pool = new SlabPool(3, () => now);
    const kept = text(pool, 'kept');
    const freed = text(pool, 'freed');
    pool.release(freed.ref.slab, freed.ref.lease);
    now = SLAB_IDLE_MS - 1;
    expect(pool.trim()).toEqual([]);
    now = SLAB_IDLE_MS;
    expect(pool.trim()).toEqual([freed.ref.slab]);
    expect(pool.size).toMatchObject({ slabs: 1, lent: 1 });
    pool.release(kept.ref.slab, kept.ref.lease);
    // A new slab after a drop is shared anew.
    expect(text(pool, 'n').ref.slab).toBe(kept.ref.slab);
    expect(text(pool, 'm').ref.memory).toBeInstanceOf(SharedArrayBuffer);
  });
});

describe('the slab pool’s memory', () => {
  it('stays within POOL_MAX_BYTES: past it an answer gets a buffer of its own', () => {
    const pool = new SlabPool(6);
    const big = 'x'.repeat(POOL_MAX_BYTES / 2 - SLAB_STEP_BYTES);
    text(pool, big);
    text(pool, big);
    expect(pool.encode(big)).toBeNull();
    expect(pool.size.bytes).toBeLessThanOrEqual(POOL_MAX_BYTES);
  });
});
