// Worker-thread entry (started by server/db/offThread.ts): runs the statements whose answer is one
// huge text value — a whole list, ~8 MB of JSON for 10 000 units — on a small
// node-postgres pool of its own. Receiving such a value (buffering the wire message, decoding it to
// a string) costs tens of milliseconds of CPU per answer; done here, the server's event loop only
// copies the finished string in (docs/speed.md). The main thread queues, bounds and drops the
// statements (docs/security.md "Unbounded work"): this worker is only ever sent as many as it has
// connections, and cancels one whose request was closed. Keep the imports light: packages and the
// pool module only.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type pg from 'pg';
import { boundedPool, CONNECT_TIMEOUT_MS, QUERY_TIMEOUT_GRACE_MS } from './boundedPool';
import {
  errorFields,
  type AnswerReply,
  type OffThreadErrorFields,
  type QueryCommand,
  type ReleaseCommand,
} from './answerProtocol';
import { workerSlabs } from './byteSlabs';

export interface OffThreadOptions {
  url: string;
  /** Statements at once: the main thread never sends more (a bulkhead, docs/speed.md). */
  connections: number;
  /** As the main pool's (server/db/index.ts): 0 for none. */
  statementTimeoutMs: number;
  /** As the main pool's: connecting, or waiting for a pooled connection. Default CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number;
}

/** Main thread → worker. */
export type OffThreadCommand =
  | QueryCommand
  /** Stop statement `id` (its request was closed): it answers an error, or its rows if it ended first. */
  | { type: 'cancel'; id: number }
  | ReleaseCommand
  | { type: 'close' };

/** Worker → main thread: the answers (./answerProtocol.ts), then `closed` once its connections have ended. */
export type OffThreadReply = AnswerReply | { type: 'closed' };

/** PostgreSQL refused the statement (its connection is fine), as opposed to a broken connection. */
const isDatabaseError = (err: unknown) => typeof (err as { severity?: unknown } | null)?.severity === 'string';

/** What a statement cancelled before it was sent answers: query_canceled, as PostgreSQL's own cancel. */
const CANCELLED: OffThreadErrorFields = {
  message: 'canceling statement due to user request',
  code: '57014',
  severity: 'ERROR',
};

if (!parentPort) throw new Error('offThreadWorker.ts runs only as a worker thread (see server/db/offThread.ts).');
const port: MessagePort = parentPort;
const options = workerData as OffThreadOptions;
const limits = {
  statementTimeoutMs: options.statementTimeoutMs,
  connectTimeoutMs: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
};
const pool = boundedPool(options.url, options.connections, limits);
// An idle connection that breaks (server restart) is dropped by the pool; the next query opens another.
pool.on('error', () => {});

/**
 * Where cancels are sent from: `pg_cancel_backend(pid)` must come from another connection, as the
 * statement's own is busy (node-postgres has no documented cancel of its own). One connection,
 * opened at the first cancel and closed after a second idle, so the worker holds it only during
 * an abort burst (docs/speed.md).
 */
const cancels = boundedPool(
  options.url,
  1,
  { statementTimeoutMs: 5_000, connectTimeoutMs: limits.connectTimeoutMs },
  { extra: { idleTimeoutMillis: 1_000 } },
);
cancels.on('error', () => {});

/** Each pool connection's backend pid, asked once per connection. */
const pids = new WeakMap<pg.PoolClient, number>();

async function pidOf(client: pg.PoolClient): Promise<number> {
  let pid = pids.get(client);
  if (pid === undefined) {
    // The server's own answer rather than the start-up message's key: right behind a session pooler too.
    pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    pids.set(client, pid);
  }
  return pid;
}

interface Running {
  /** The backend running it, once the statement was sent. */
  pid?: number;
  /** The main thread asked to stop it. */
  cancelled: boolean;
  /** A cancel went to `pid`: the connection is then discarded, never reused. */
  cancelSent: boolean;
  /** The statement has answered (or failed): no cancel is sent for it any more. */
  ended: boolean;
}

const running = new Map<number, Running>();

/**
 * The answers' memory (./byteSlabs.ts): one slab per running statement and as many again for answers still being
 * sent to a slow client; past them an answer gets a buffer of its own, as before.
 */
const slabs = workerSlabs(2 * options.connections + 2, (gone) =>
  port.postMessage({ type: 'forget', slabs: gone } satisfies OffThreadReply),
);

/** How long a cancelled statement may go on answering before its cancel is sent again. */
const CANCEL_AGAIN_MS = 250;

/**
 * Cancels the statement on `pid`, again every CANCEL_AGAIN_MS until it has answered: a cancel that
 * reaches the backend before the statement itself (sent, but not yet begun there) finds it idle and is
 * dropped by PostgreSQL, and one whose connection could not be had is lost; either would leave the
 * statement to the statement timeout. A repeat cannot stop another statement: the connection is
 * discarded after a cancel, never reused.
 */
function sendCancel(entry: Running): void {
  if (entry.pid === undefined || entry.cancelSent) return;
  entry.cancelSent = true;
  const pid = entry.pid;
  const again = () => {
    if (!entry.ended) setTimeout(fire, CANCEL_AGAIN_MS).unref();
  };
  const fire = () => {
    if (entry.ended) return;
    cancels.query('select pg_cancel_backend($1)', [pid]).then(again, again);
  };
  fire();
}

/** The statement's reply and the buffers to hand over with it (those encoded here only). */
async function run({
  id,
  text,
  values,
  bytes,
  queuedMs,
}: QueryCommand): Promise<{ reply: OffThreadReply; transfer: ArrayBuffer[] }> {
  const entry: Running = { cancelled: false, cancelSent: false, ended: false };
  running.set(id, entry);
  let client: pg.PoolClient | undefined;
  let broken: unknown;
  try {
    client = await pool.connect();
    const pid = await pidOf(client);
    // Cancelled while waiting for the connection: never sent.
    if (entry.cancelled) return { reply: { type: 'error', id, error: CANCELLED }, transfer: [] };
    entry.pid = pid;
    // Without a statement timeout, nothing is timed (as the main pool).
    const readTimeout =
      limits.statementTimeoutMs > 0
        ? Math.max(100, limits.statementTimeoutMs + QUERY_TIMEOUT_GRACE_MS - queuedMs)
        : undefined;
    const result = await client.query({ text, values, query_timeout: readTimeout } as pg.QueryConfig);
    const rows = result.rows as Record<string, unknown>[];
    // Encoded here, into a slab or else a buffer handed over: the event loop then writes the bytes as they
    // are, instead of copying an 8 MB string in and encoding it again to send it.
    const transfer = slabs.encode(rows, bytes);
    return { reply: { type: 'rows', id, rows }, transfer };
  } catch (err) {
    if (!isDatabaseError(err)) broken = err;
    return { reply: { type: 'error', id, error: errorFields(err) }, transfer: [] };
  } finally {
    entry.ended = true;
    running.delete(id);
    // After a cancel the connection is dropped: a cancel that lands after its statement ended could
    // otherwise stop the next statement run on it. A broken connection is dropped as well.
    client?.release(broken instanceof Error ? broken : entry.cancelSent);
  }
}

port.on('message', (command: OffThreadCommand) => {
  if (command.type === 'close') {
    void Promise.allSettled([pool.end(), cancels.end()]).finally(() => {
      port.postMessage({ type: 'closed' } satisfies OffThreadReply);
      port.close();
    });
    return;
  }
  if (command.type === 'release') {
    slabs.release(command);
    return;
  }
  if (command.type === 'cancel') {
    const entry = running.get(command.id);
    if (!entry || entry.cancelled) return;
    entry.cancelled = true;
    sendCancel(entry);
    return;
  }
  void run(command).then(({ reply, transfer }) => port.postMessage(reply, transfer));
});
