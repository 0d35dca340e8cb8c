// Whole lists on the embedded database, read off the event loop (docs/speed.md "Whole lists: read off the event
// loop"). Through the socket, the main thread's node-postgres received each ~9 MB answer, decoded it to a string
// and Fastify encoded it again: tens of ms of the event loop and a full garbage collection every few answers. Here
// the PGlite worker runs the statement on PGlite itself and encodes the answer into its slabs (./byteSlabs.ts),
// while the main thread holds PGlite's one session: the pool has that one connection, so holding it idle means no
// other statement, and no other request's transaction, is in the session while the worker's statement runs.
import type { Worker } from 'node:worker_threads';
import type { Query } from 'drizzle-orm';
import type pg from 'pg';
import { OffThreadAbortedError, OffThreadQueryError, type OffLoopRows } from './offThread';
import type { PgliteWorkerCommand, PgliteWorkerMessage } from './pgliteWorker';
import { queryCommand } from './answerProtocol';
import { giveBackColumns } from './lentBytes';
import { SlabAnswers } from './slabAnswers';

interface Waiting {
  bytes: readonly string[];
  resolve: (rows: Record<string, unknown>[]) => void;
  reject: (err: Error) => void;
}

export class PgliteAnswers implements OffLoopRows {
  readonly #answers = new SlabAnswers();
  readonly #waiting = new Map<number, Waiting>();
  #next = 0;
  #failure: Error | null = null;

  constructor(
    private readonly worker: Worker,
    private readonly pool: pg.Pool,
  ) {}

  get lent(): number {
    return this.#answers.lent;
  }

  /** The rows of `query`, run by the worker while this holds the session; a statement cannot be stopped once sent. */
  async rows<T>(query: Query, bytes: readonly string[] = [], { signal }: { signal?: AbortSignal } = {}): Promise<T[]> {
    if (signal?.aborted) throw new OffThreadAbortedError();
    const session = await this.pool.connect();
    try {
      // Its request closed while it waited for the session: never sent.
      if (signal?.aborted) throw new OffThreadAbortedError();
      if (this.#failure) throw this.#failure;
      const id = this.#next++;
      const rows = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
        this.#waiting.set(id, { bytes, resolve, reject });
        this.worker.postMessage(queryCommand(id, query, bytes) satisfies PgliteWorkerCommand);
      });
      if (signal?.aborted) {
        giveBackColumns(rows, bytes);
        throw new OffThreadAbortedError();
      }
      return rows as T[];
    } finally {
      session.release();
    }
  }

  /** A message of the worker: an answer, or slabs to forget; the rest is not this runner's. */
  received(message: PgliteWorkerMessage): void {
    if (message.type === 'forget') return this.#answers.forget(message.slabs);
    if (message.type !== 'rows' && message.type !== 'error') return;
    const waiting = this.#waiting.get(message.id);
    if (!waiting) return;
    this.#waiting.delete(message.id);
    if (message.type === 'error') return waiting.reject(new OffThreadQueryError(message.error));
    const release = (command: PgliteWorkerCommand) => this.worker.postMessage(command);
    try {
      waiting.resolve(this.#answers.received(release, message.rows, waiting.bytes));
    } catch (err) {
      waiting.reject(err as Error);
    }
  }

  /** The worker stopped: what waits for it fails, and so does every later statement. */
  failed(err: Error): void {
    this.#failure ??= err;
    for (const waiting of this.#waiting.values()) waiting.reject(err);
    this.#waiting.clear();
  }
}
