// A database worker's reusable memory for whole-list answers (docs/speed.md "Whole lists: read off the event
// loop"). A fresh ~8 MB buffer per answer, handed to the main thread, counted as the main thread's external
// memory: every few answers V8 ran a full garbage collection of the server's whole heap, 12-60 ms during which no
// request was answered. A slab is shared memory the worker encodes answers into and the main thread sends from,
// again and again: it is handed over once, then only named, so serving whole lists allocates nothing the main
// thread's collector has to chase. Pure bookkeeping, no threads: each worker (./offThreadWorker.ts,
// ./pgliteWorker.ts) owns a pool, the main thread (./slabAnswers.ts) returns each lease.
import type { ReleaseCommand } from './answerProtocol';

/** A slab's size is a multiple of this. */
export const SLAB_STEP_BYTES = 1 << 20;
/** An answer bigger than this is handed over as a buffer of its own: a slab stays allocated while it is pooled. */
export const SLAB_MAX_BYTES = 64 << 20;
/** A pool's slabs together at most: past it an answer gets a buffer of its own. */
export const POOL_MAX_BYTES = 128 << 20;
/** A free slab unused this long is given back to the system. */
export const SLAB_IDLE_MS = 60_000;

/** Where an answer's bytes are: `length` bytes from the start of slab `slab`, lent as `lease`. */
export interface SlabRef {
  slab: number;
  lease: number;
  length: number;
  /** The slab's memory, the first time the main thread is told of it (it keeps it until the slab is dropped). */
  memory?: SharedArrayBuffer;
}

interface Slab {
  id: number;
  bytes: Uint8Array;
  /** The lease it is lent under, or null when free. */
  lease: number | null;
  /** The main thread has its memory. */
  shared: boolean;
  freedAt: number;
}

export class SlabPool {
  readonly #slabs: Slab[] = [];
  #nextSlab = 0;
  #nextLease = 0;

  /** `max`: slabs at most (each lent until its answer is sent); past them an answer gets a buffer of its own. */
  constructor(
    readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Slabs allocated now, and of them lent. */
  get size(): { slabs: number; lent: number; bytes: number } {
    return {
      slabs: this.#slabs.length,
      lent: this.#slabs.filter((s) => s.lease !== null).length,
      bytes: this.#slabs.reduce((n, s) => n + s.bytes.byteLength, 0),
    };
  }

  /**
   * `text` as UTF-8 in a free slab, lent until released; `dropped`: slabs given back to make room, which the
   * main thread must forget. Null when every slab is lent (and there are `max`) or the text is too big.
   */
  encode(text: string): { ref: SlabRef; dropped: number[] } | null {
    const length = Buffer.byteLength(text, 'utf8');
    if (length > SLAB_MAX_BYTES) return null;
    const dropped: number[] = [];
    let slab = this.#slabs
      .filter((s) => s.lease === null && s.bytes.byteLength >= length)
      .sort((a, b) => a.bytes.byteLength - b.bytes.byteLength)[0];
    if (!slab) {
      const bytes = Math.max(SLAB_STEP_BYTES, Math.ceil(length / SLAB_STEP_BYTES) * SLAB_STEP_BYTES);
      // At the pool's bound, a free slab too small makes room for one big enough.
      const full = this.#slabs.length >= this.max;
      const small = this.#slabs.find((s) => s.lease === null);
      const freed = full && small ? small.bytes.byteLength : 0;
      if ((full && !small) || this.size.bytes - freed + bytes > POOL_MAX_BYTES) return null;
      if (full && small) {
        this.#slabs.splice(this.#slabs.indexOf(small), 1);
        dropped.push(small.id);
      }
      slab = {
        id: this.#nextSlab++,
        bytes: new Uint8Array(new SharedArrayBuffer(bytes)),
        lease: null,
        shared: false,
        freedAt: 0,
      };
      this.#slabs.push(slab);
    }
    const { written } = new TextEncoder().encodeInto(text, slab.bytes);
    slab.lease = this.#nextLease++;
    const ref: SlabRef = { slab: slab.id, lease: slab.lease, length: written };
    if (!slab.shared) {
      ref.memory = slab.bytes.buffer as SharedArrayBuffer;
      slab.shared = true;
    }
    return { ref, dropped };
  }

  /** Slab `slab` is free again, if it is still lent as `lease` (a late or repeated release changes nothing). */
  release(slab: number, lease: number): void {
    const found = this.#slabs.find((s) => s.id === slab);
    if (!found || found.lease !== lease) return;
    found.lease = null;
    found.freedAt = this.now();
  }

  /** Drops the free slabs unused for SLAB_IDLE_MS; answers their ids for the main thread to forget. */
  trim(): number[] {
    const old = this.#slabs.filter((s) => s.lease === null && this.now() - s.freedAt >= SLAB_IDLE_MS);
    for (const s of old) this.#slabs.splice(this.#slabs.indexOf(s), 1);
    return old.map((s) => s.id);
  }
}

/**
 * A worker's slabs: at most `max`, the ones idle for SLAB_IDLE_MS dropped, and `forget` told of every slab dropped,
 * always before the answer that follows the drop (so the main thread never holds a dropped slab's memory as current).
 */
export function workerSlabs(max: number, forget: (slabs: number[]) => void) {
  const pool = new SlabPool(max);
  setInterval(() => {
    const gone = pool.trim();
    if (gone.length) forget(gone);
  }, SLAB_IDLE_MS).unref();
  return {
    /**
     * The `bytes` text columns of an answer's rows as UTF-8, in place: each in a free slab, else in a buffer of its
     * own, returned to be handed over with the answer.
     */
    encode(rows: Record<string, unknown>[], bytes: readonly string[]): ArrayBuffer[] {
      const transfer: ArrayBuffer[] = [];
      const dropped: number[] = [];
      for (const row of rows) {
        for (const column of bytes) {
          const value = row[column];
          if (typeof value !== 'string') continue;
          const inSlab = pool.encode(value);
          if (inSlab) {
            row[column] = inSlab.ref;
            dropped.push(...inSlab.dropped);
            continue;
          }
          const encoded = new TextEncoder().encode(value);
          row[column] = encoded;
          transfer.push(encoded.buffer as ArrayBuffer);
        }
      }
      if (dropped.length) forget(dropped);
      return transfer;
    },
    /** The main thread gave an answer's bytes back. */
    release({ slab, lease }: ReleaseCommand): void {
      pool.release(slab, lease);
    },
  };
}
