// What the main thread and a database worker say about a statement answered off the event loop: the
// PostgreSQL worker (./offThreadWorker.ts) and the embedded database's (./pgliteWorker.ts) speak it alike
// (docs/speed.md "Whole lists: read off the event loop"). No imports: both workers load this first.

/** Main thread → worker: run a statement; `bytes`: text columns answered as UTF-8 bytes (./byteSlabs.ts). */
export interface QueryCommand {
  type: 'query';
  id: number;
  text: string;
  values: unknown[];
  bytes: string[];
  /** How long it waited in the main thread's queue: taken off the wait for its answer, so the whole request stays
   * within the pool's bound. */
  queuedMs: number;
}

/** The command that runs `query` (a rendered statement: its text and values). */
export const queryCommand = (
  id: number,
  query: { sql: string; params: unknown[] },
  bytes: readonly string[],
): QueryCommand => ({ type: 'query', id, text: query.sql, values: query.params, bytes: [...bytes], queuedMs: 0 });

/** Main thread → worker: an answer's slab is free again (./byteSlabs.ts). */
export interface ReleaseCommand {
  type: 'release';
  slab: number;
  lease: number;
}

/**
 * PostgreSQL's fields of a failed statement that server/http/error-log.ts logs (it hides the value
 * a message quotes): never the statement, its values or `detail`, which quotes a row's values.
 */
export interface OffThreadErrorFields {
  message: string;
  code?: string;
  severity?: string;
  table?: string;
  column?: string;
  constraint?: string;
  dataType?: string;
  routine?: string;
}

/**
 * Worker → main thread: exactly one `rows` or `error` per query. A `bytes` column of `rows` is a SlabRef
 * (./byteSlabs.ts), or a Uint8Array of its own when no slab was free. `forget`: slabs the worker let go of,
 * whose memory the main thread drops; sent before any answer that follows the drop.
 */
export type AnswerReply =
  | { type: 'rows'; id: number; rows: Record<string, unknown>[] }
  | { type: 'error'; id: number; error: OffThreadErrorFields }
  | { type: 'forget'; slabs: number[] };

const FIELDS = ['code', 'severity', 'table', 'column', 'constraint', 'dataType', 'routine'] as const;

/** The loggable fields of a failed statement's error (node-postgres' DatabaseError, PGlite's alike). */
export function errorFields(err: unknown): OffThreadErrorFields {
  const e = (err ?? {}) as Record<string, unknown>;
  const out: OffThreadErrorFields = { message: typeof e.message === 'string' ? e.message : 'The query failed' };
  for (const field of FIELDS) if (typeof e[field] === 'string') out[field] = e[field];
  return out;
}
