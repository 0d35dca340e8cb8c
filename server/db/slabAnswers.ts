// The main thread's side of the slab pool (./byteSlabs.ts): the memory of a worker's slabs, and its answers'
// bytes as Buffers lent until given back (./lentBytes.ts), for the PostgreSQL worker (./offThread.ts) and the
// embedded database's (./pgliteAnswers.ts) alike.
import type { ReleaseCommand } from './answerProtocol';
import type { SlabRef } from './byteSlabs';
import { giveBackColumns, lend } from './lentBytes';

export class SlabAnswers {
  /** The current worker's slabs, by id: its answers' bytes are views of them. */
  #slabs = new Map<number, Buffer>();
  #lent = 0;

  /** Answers' bytes lent and not given back yet. */
  get lent(): number {
    return this.#lent;
  }

  /** A new worker: its slabs are its own (the old one's lent bytes stay readable until given back). */
  reset(): void {
    this.#slabs = new Map();
  }

  /** The worker let go of these slabs. */
  forget(slabs: readonly number[]): void {
    for (const slab of slabs) this.#slabs.delete(slab);
  }

  /**
   * The `bytes` columns of an answer as Buffers, in place: a view of a slab, lent until given back (`release`
   * then tells the worker it may write another answer into it), or the buffer handed over. Throws, having given
   * back what it lent, when the answer names a slab the worker never shared.
   */
  received(
    release: (command: ReleaseCommand) => void,
    rows: Record<string, unknown>[],
    bytes: readonly string[],
  ): Record<string, unknown>[] {
    for (const row of rows) {
      for (const column of bytes) {
        const value = row[column];
        if (value instanceof Uint8Array) {
          row[column] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
          continue;
        }
        if (value === null || typeof value !== 'object') continue;
        const { slab, lease, length, memory } = value as SlabRef;
        if (memory) this.#slabs.set(slab, Buffer.from(memory));
        const whole = this.#slabs.get(slab);
        if (!whole) {
          release({ type: 'release', slab, lease });
          giveBackColumns(rows, bytes);
          throw new Error(`The database worker answered in slab ${slab}, which it never shared`);
        }
        this.#lent++;
        row[column] = lend(whole.subarray(0, length), () => {
          this.#lent--;
          release({ type: 'release', slab, lease });
        });
      }
    }
    return rows;
  }
}
