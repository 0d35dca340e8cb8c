// Statements run off the event loop (server/db/offThreadWorker.ts) on a PostgreSQL server: the
// whole lists, whose one ~8 MB answer would otherwise be buffered and decoded on the event loop
// while every other request waits (docs/speed.md). The worker starts at the first such
// statement, so a server that never lists a whole big table never starts it.
//
// The queue lives here, in the main thread, and the worker is only ever sent as many statements as
// it has connections: so the queue is bounded (OFF_THREAD_QUEUE_MAX, then 503), a statement waits
// at most OFF_THREAD_QUEUE_WAIT_MS (then 503), one whose request was closed leaves the queue without
// running, and one already running is cancelled in PostgreSQL (docs/security.md "Unbounded work").
import { Worker } from 'node:worker_threads';
import type { Query } from 'drizzle-orm';
import { queryCommand, type OffThreadErrorFields } from './answerProtocol';
import { giveBackColumns } from './lentBytes';
import type { OffThreadCommand, OffThreadOptions, OffThreadReply } from './offThreadWorker';
import { SlabAnswers } from './slabAnswers';

/** Whole-list statements at once per process (the rest wait their turn): see docs/speed.md. */
export const OFF_THREAD_CONNECTIONS = 2;

/**
 * Statements waiting for a connection at most, per process; one more is refused at once with 503
 * (OffThreadBusyError 'full'). Four rounds of the connections: ~1.5 s of waiting for 10 000-unit
 * lists, where an unbounded queue let abandoned requests hold others for 46 s (docs/security.md).
 */
export const OFF_THREAD_QUEUE_MAX = 4 * OFF_THREAD_CONNECTIONS;

/**
 * Longest a statement waits in the queue before it is refused with 503 without running
 * (OffThreadBusyError 'deadline'); never longer than the statement timeout. The statement timeout
 * bounds the run, this the wait PostgreSQL never sees.
 */
export const OFF_THREAD_QUEUE_WAIT_MS = 5_000;

/** Retry-After (seconds) of a refused statement: the queue turns over within about this. */
export const OFF_THREAD_RETRY_AFTER_S = 2;

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

/** A statement refused without running: the queue was full, or it waited past its deadline. */
export class OffThreadBusyError extends Error {
  constructor(
    readonly reason: 'full' | 'deadline',
    readonly retryAfterSeconds = OFF_THREAD_RETRY_AFTER_S,
  ) {
    super(reason === 'full' ? 'The off-thread queue is full' : 'The statement waited too long for a connection');
    this.name = 'OffThreadBusyError';
  }
}

/** A statement whose signal aborted (its request was closed): dropped from the queue, or cancelled. */
export class OffThreadAbortedError extends Error {
  constructor() {
    super('The statement was dropped: its request was closed');
    this.name = 'OffThreadAbortedError';
  }
}

export interface OffThreadLimits {
  /** Statements running at once (the worker's connections). Default OFF_THREAD_CONNECTIONS. */
  connections?: number;
  /** Statements waiting at most. Default OFF_THREAD_QUEUE_MAX. */
  queueMax?: number;
  /** Longest wait in the queue. Default OFF_THREAD_QUEUE_WAIT_MS, at most the statement timeout. */
  queueWaitMs?: number;
}

interface Job {
  id: number;
  command: Extract<OffThreadCommand, { type: 'query' }>;
  resolve: (rows: Record<string, unknown>[]) => void;
  reject: (err: Error) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
  /** The queue deadline, while it waits. */
  timer?: NodeJS.Timeout;
  /** The worker it was sent to, once running. */
  worker?: Worker;
  /** Its signal aborted while it ran: answered as aborted whatever the worker says. */
  aborted: boolean;
  /** When it was asked for (Date.now()). */
  askedAt: number;
}

export class OffThreadQueries implements OffLoopRows {
  #worker: Worker | null = null;
  #next = 0;
  /** Sent to the worker and not answered yet: never more than #connections. */
  readonly #running = new Map<number, Job>();
  /** Waiting for a connection, first come first served. */
  #queue: Job[] = [];
  #closed = false;
  /** The current worker's slabs (./byteSlabs.ts) and the answers' bytes lent from them. */
  readonly #answers = new SlabAnswers();
  readonly #connections: number;
  readonly #queueMax: number;
  readonly #queueWaitMs: number;

  /** Holds the database URL (and its password): private, never logged. */
  readonly #options: Omit<OffThreadOptions, 'connections'>;

  constructor({
    connections,
    queueMax,
    queueWaitMs,
    ...options
  }: Omit<OffThreadOptions, 'connections'> & OffThreadLimits) {
    this.#options = options;
    this.#connections = connections ?? OFF_THREAD_CONNECTIONS;
    this.#queueMax = queueMax ?? OFF_THREAD_QUEUE_MAX;
    const timeout = options.statementTimeoutMs > 0 ? options.statementTimeoutMs : Infinity;
    this.#queueWaitMs = queueWaitMs ?? Math.min(OFF_THREAD_QUEUE_WAIT_MS, timeout);
  }

  /** Statements running in the worker now. */
  get running(): number {
    return this.#running.size;
  }

  /** Answers whose bytes are lent from the worker's slabs and not given back yet (./lentBytes.ts). */
  get lent(): number {
    return this.#answers.lent;
  }

  /** Statements waiting for a connection now. */
  get queued(): number {
    return this.#queue.length;
  }

  /**
   * The rows of a rendered statement, run in the worker; the `bytes` text columns come as UTF-8
   * Buffers. Refused with OffThreadBusyError when the queue is full or the wait passes its deadline;
   * when `signal` aborts, a waiting statement leaves the queue unrun and a running one is cancelled,
   * and the promise rejects with OffThreadAbortedError once its connection is free again.
   */
  rows<T>(query: Query, bytes: readonly string[] = [], { signal }: { signal?: AbortSignal } = {}): Promise<T[]> {
    if (this.#closed) return Promise.reject(new Error('The database is closed'));
    if (signal?.aborted) return Promise.reject(new OffThreadAbortedError());
    return new Promise<Record<string, unknown>[]>((resolve, reject) => {
      const id = this.#next++;
      const command = queryCommand(id, query, bytes);
      const job: Job = { id, command, resolve, reject, signal, aborted: false, askedAt: Date.now() };
      if (this.#running.size < this.#connections) this.#send(job);
      else if (this.#queue.length >= this.#queueMax) return reject(new OffThreadBusyError('full'));
      else {
        this.#queue.push(job);
        job.timer = setTimeout(() => this.#expire(job), this.#queueWaitMs);
      }
      if (signal) {
        job.onAbort = () => this.#abort(job);
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
    }) as Promise<T[]>;
  }

  /** Ends the worker's connections and the worker (a no-op when it never started); waiting statements are refused. */
  async close(): Promise<void> {
    this.#closed = true;
    const waiting = this.#queue;
    this.#queue = [];
    for (const job of waiting) this.#settle(job).reject(new Error('The database is closed'));
    const worker = this.#worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'close' } satisfies OffThreadCommand);
    const timer = setTimeout(() => void worker.terminate(), 5_000);
    await exited;
    clearTimeout(timer);
  }

  /** The job's timer and abort listener removed: it is about to be answered. */
  #settle(job: Job): Job {
    clearTimeout(job.timer);
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    return job;
  }

  #send(job: Job): void {
    const worker = (this.#worker ??= this.#start());
    // While a statement runs, the worker keeps the process alive; idle, it does not.
    if (this.#running.size === 0) worker.ref();
    job.worker = worker;
    this.#running.set(job.id, job);
    worker.postMessage({ ...job.command, queuedMs: Date.now() - job.askedAt } satisfies OffThreadCommand);
  }

  /** Fills the connections freed from the front of the queue. */
  #pump(): void {
    while (!this.#closed && this.#running.size < this.#connections && this.#queue.length > 0) {
      const job = this.#queue.shift() as Job;
      clearTimeout(job.timer);
      job.timer = undefined;
      this.#send(job);
    }
  }

  #expire(job: Job): void {
    const at = this.#queue.indexOf(job);
    if (at < 0) return;
    this.#queue.splice(at, 1);
    this.#settle(job).reject(new OffThreadBusyError('deadline'));
  }

  #abort(job: Job): void {
    const at = this.#queue.indexOf(job);
    if (at >= 0) {
      // Never sent: it leaves the queue without running.
      this.#queue.splice(at, 1);
      this.#settle(job).reject(new OffThreadAbortedError());
      return;
    }
    if (!this.#running.has(job.id) || job.aborted) return;
    job.aborted = true;
    // The worker cancels it in PostgreSQL; it answers once the connection is free, and only then
    // does the next statement go, so the worker never runs more than #connections at once.
    job.worker?.postMessage({ type: 'cancel', id: job.id } satisfies OffThreadCommand);
  }

  #answered(worker: Worker, reply: Extract<OffThreadReply, { type: 'rows' | 'error' }>): void {
    const job = this.#running.get(reply.id);
    if (!job) return;
    this.#running.delete(reply.id);
    this.#settle(job);
    if (reply.type === 'error')
      job.reject(job.aborted ? new OffThreadAbortedError() : new OffThreadQueryError(reply.error));
    else {
      try {
        const release = (command: OffThreadCommand) => worker.postMessage(command);
        const rows = this.#answers.received(release, reply.rows, job.command.bytes);
        if (!job.aborted) job.resolve(rows);
        else {
          giveBackColumns(rows, job.command.bytes);
          job.reject(new OffThreadAbortedError());
        }
      } catch (err) {
        job.reject(err as Error);
      }
    }
    this.#pump();
    if (this.#running.size === 0 && this.#worker === worker) worker.unref();
  }

  #start(): Worker {
    const options: OffThreadOptions = { ...this.#options, connections: this.#connections };
    const worker = startOffThreadWorker(options);
    this.#answers.reset();
    worker.on('message', (reply: OffThreadReply) => {
      if (reply.type === 'forget') {
        if (this.#worker === worker) this.#answers.forget(reply.slabs);
      } else if (reply.type !== 'closed') this.#answered(worker, reply);
    });
    // A crashed worker fails what it was running; the waiting statements go to a new one.
    const failAll = (err: Error) => {
      if (this.#worker === worker) this.#worker = null;
      for (const job of [...this.#running.values()]) {
        if (job.worker !== worker) continue;
        this.#running.delete(job.id);
        this.#settle(job).reject(err);
      }
      this.#pump();
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

/**
 * What runs statements off the event loop: OffThreadQueries on a PostgreSQL server, the embedded database's
 * worker itself for PGlite (./pgliteAnswers.ts). The `bytes` text columns come as UTF-8 Buffers, perhaps lent
 * (./lentBytes.ts).
 */
export interface OffLoopRows {
  rows<T>(query: Query, bytes?: readonly string[], options?: { signal?: AbortSignal }): Promise<T[]>;
  /** Answers whose bytes are lent and not given back yet. */
  readonly lent: number;
}

const byDb = new WeakMap<object, OffLoopRows>();

/** Statements on `db` (a drizzle instance) may run off the event loop through `queries`. */
export function runOffThreadOn(db: object, queries: OffLoopRows): void {
  byDb.set(db, queries);
}

/** The off-thread runner of `db`; none for a transaction (its statements must stay on its own connection). */
export const offThreadOf = (db: object): OffLoopRows | undefined => byDb.get(db);
