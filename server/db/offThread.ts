// Statements run off the event loop (server/db/offThreadWorker.ts) on a PostgreSQL server: the
// whole lists, whose one ~8 MB answer would otherwise be buffered and decoded on the event loop
// while every other request waits (docs/speed.md). The worker starts at the first such
// statement, so a server that never lists a whole big table never starts it.
import { Worker } from 'node:worker_threads';
import type { Query } from 'drizzle-orm';
import type { OffThreadCommand, OffThreadErrorFields, OffThreadOptions, OffThreadReply } from './offThreadWorker';

/** Whole-list statements at once per process (the rest wait their turn): see docs/speed.md. */
export const OFF_THREAD_CONNECTIONS = 2;

/**
 * A statement failed in the worker: PostgreSQL's error fields, as node-postgres' DatabaseError has
 * them, so the API answers and logs it as that (server/http/error-log.ts: 57014 answers 503).
 */
export class OffThreadQueryError extends Error {
  readonly code?: string;
  readonly severity?: string;
  readonly table?: string;
  readonly column?: string;
  readonly constraint?: string;
  readonly dataType?: string;
  readonly routine?: string;

  constructor({ message, ...fields }: OffThreadErrorFields) {
    super(message);
    this.name = 'OffThreadQueryError';
    Object.assign(this, fields);
  }
}

export class OffThreadQueries {
  #worker: Worker | null = null;
  #next = 0;
  readonly #pending = new Map<number, { resolve: (rows: Record<string, unknown>[]) => void; reject: (err: Error) => void }>();
  #closed = false;

  /** Holds the database URL (and its password): private, never logged. */
  readonly #options: Omit<OffThreadOptions, 'connections'> & { connections?: number };

  constructor(options: Omit<OffThreadOptions, 'connections'> & { connections?: number }) {
    this.#options = options;
  }

  /** The rows of a rendered statement, run in the worker; the `bytes` text columns come as UTF-8 Buffers. */
  rows<T>(query: Query, bytes: readonly string[] = []): Promise<T[]> {
    if (this.#closed) return Promise.reject(new Error('The database is closed'));
    const worker = (this.#worker ??= this.#start());
    const id = this.#next++;
    return new Promise<T[]>((resolve, reject) => {
      // While a statement runs, the worker keeps the process alive; idle, it does not.
      if (this.#pending.size === 0) worker.ref();
      this.#pending.set(id, { resolve: resolve as (rows: Record<string, unknown>[]) => void, reject });
      worker.postMessage({ type: 'query', id, text: query.sql, values: query.params, bytes: [...bytes] } satisfies OffThreadCommand);
    }).then((rows) => {
      for (const row of rows as Record<string, unknown>[]) {
        for (const column of bytes) {
          const value = row[column];
          if (value instanceof Uint8Array) row[column] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
        }
      }
      return rows;
    });
  }

  /** Ends the worker's connections and the worker (a no-op when it never started). */
  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'close' } satisfies OffThreadCommand);
    const timer = setTimeout(() => void worker.terminate(), 5_000);
    await exited;
    clearTimeout(timer);
  }

  #start(): Worker {
    const options: OffThreadOptions = { connections: OFF_THREAD_CONNECTIONS, ...this.#options };
    const worker = startOffThreadWorker(options);
    worker.on('message', (reply: OffThreadReply) => {
      if (reply.type === 'closed') return;
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if (reply.type === 'rows') waiting.resolve(reply.rows);
      else waiting.reject(new OffThreadQueryError(reply.error));
    });
    // A crashed worker fails what it was running; the next statement starts a new one.
    const failAll = (err: Error) => {
      if (this.#worker === worker) this.#worker = null;
      for (const waiting of this.#pending.values()) waiting.reject(err);
      this.#pending.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', () => failAll(new Error('The query worker stopped')));
    worker.unref();
    return worker;
  }
}

/** As server/db/pglite.ts startWorker: tsx registered inside the worker, then the TypeScript entry. */
function startOffThreadWorker(options: OffThreadOptions): Worker {
  const entry = new URL('./offThreadWorker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(entry)}));`;
  return new Worker(bootstrap, { eval: true, workerData: options, name: 'olympus-off-thread' });
}

const byDb = new WeakMap<object, OffThreadQueries>();

/** Statements on `db` (a PostgreSQL server's drizzle instance) may run off the event loop through `queries`. */
export function runOffThreadOn(db: object, queries: OffThreadQueries): void {
  byDb.set(db, queries);
}

/** The off-thread runner of `db`; none for PGlite or a transaction (its statements must stay on its own connection). */
export const offThreadOf = (db: object): OffThreadQueries | undefined => byDb.get(db);
