// Worker-thread entry (started by server/db/pglite.ts): owns the embedded PGlite and serves it over
// the Postgres wire protocol with @electric-sql/pglite-socket, so a slow query runs here and never
// blocks the server's event loop. The main thread talks to it through node-postgres like to any
// PostgreSQL server. Keep the imports to packages (and pgliteDurability.ts, which imports only
// packages, and the answer protocol's modules, which import nothing): this file is loaded before anything else.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { errorFields, type AnswerReply, type QueryCommand, type ReleaseCommand } from './answerProtocol';
import { workerSlabs } from './byteSlabs';
import { openDurablePglite } from './pgliteDurability';
import { PGLITE_EXTENSIONS } from './pgliteExtensions';

export interface PgliteWorkerOptions {
  /** Data directory (absolute), or null for an in-memory database. */
  dataDir: string | null;
  /**
   * Unix socket to listen on, inside a directory only this user can open. The only way in: PGlite
   * asks no password, so a loopback TCP port would let any local user read and write the database.
   */
  socketPath: string;
}

export type PgliteWorkerListen = { path: string };

/**
 * Worker → main thread. A failure after start surfaces as the worker's 'error'/'exit' events instead. The answers
 * of statements run here directly (./answerProtocol.ts: ./pgliteAnswers.ts).
 */
export type PgliteWorkerMessage =
  | { type: 'ready'; listen: PgliteWorkerListen }
  | { type: 'failed'; message: string }
  | { type: 'close-failed'; message: string }
  | AnswerReply;

/**
 * Main thread → worker. A `query` runs on PGlite directly, not through the socket: only while the main thread
 * holds its one connection idle, so it never runs inside another request's transaction (./pgliteAnswers.ts).
 */
export type PgliteWorkerCommand = { type: 'close' } | QueryCommand | ReleaseCommand;

/**
 * One client at a time plus one spare: the main thread's pool holds a single connection (PGlite has
 * one session, and pglite-socket interleaves the messages of concurrent connections), and the spare
 * lets it reconnect before the socket server has noticed the old connection closing.
 */
const MAX_CONNECTIONS = 2;

if (!parentPort) throw new Error('pgliteWorker.ts runs only as a worker thread (see server/db/pglite.ts).');
const port: MessagePort = parentPort;
const options = workerData as PgliteWorkerOptions;
let closing = false;

function post(message: PgliteWorkerMessage): void {
  port.postMessage(message);
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.message;
  // PGlite's file system throws Emscripten's ErrnoError, a plain object with a numeric errno.
  const errno = (err as { errno?: unknown } | null)?.errno;
  return typeof errno === 'number' ? `file system error (Emscripten errno ${errno})` : String(err);
}

/**
 * pglite-socket 0.2.17 swallows a throw from PGlite (a WASM abort, not an SQL error: those are
 * protocol answers) and then stalls its query queue forever (electric-sql/pglite#1046). PGlite is
 * unusable after such a throw anyway, so crash the worker instead: the main thread sees it at once.
 */
function crashOnEngineFailure(db: PGlite): void {
  const exec = db.execProtocolRawStream.bind(db);
  db.execProtocolRawStream = async (...args: Parameters<PGlite['execProtocolRawStream']>) => {
    try {
      return await exec(...args);
    } catch (err) {
      if (!closing) {
        process.nextTick(() => {
          throw err;
        });
      }
      throw err;
    }
  };
}

async function listen(db: PGlite): Promise<{ server: PGLiteSocketServer; listen: PgliteWorkerListen }> {
  // No fallback to TCP when this fails: see PgliteWorkerOptions.socketPath.
  const server = new PGLiteSocketServer({ db, path: options.socketPath, maxConnections: MAX_CONNECTIONS });
  try {
    await server.start();
  } catch (err) {
    throw new Error(`it cannot listen on its private socket ${options.socketPath} (${describe(err)})`, { cause: err });
  }
  return { server, listen: { path: options.socketPath } };
}

async function close(db: PGlite, server: PGLiteSocketServer): Promise<void> {
  closing = true;
  try {
    await server.stop();
    // A checkpoint writes everything back to the data files, so the next start needs no WAL replay.
    await db.exec('CHECKPOINT');
    await db.close();
  } catch (err) {
    post({ type: 'close-failed', message: describe(err) });
    process.exitCode = 1;
  } finally {
    // Nothing else holds the thread open: it ends once the socket server and the port are closed.
    port.close();
  }
}

async function main(): Promise<void> {
  let db: PGlite | undefined;
  let served: Awaited<ReturnType<typeof listen>>;
  try {
    // On disk, an acknowledged commit is flushed to it (pgliteDurability.ts).
    db = options.dataDir ? await openDurablePglite(options.dataDir) : new PGlite({ extensions: PGLITE_EXTENSIONS });
    await db.waitReady;
    crashOnEngineFailure(db);
    served = await listen(db);
  } catch (err) {
    // Opened but unreachable (no socket): close it, so the data directory is left consistent.
    closing = true;
    await db?.close().catch(() => {});
    post({ type: 'failed', message: describe(err) });
    process.exitCode = 1;
    port.close();
    return;
  }
  const open = db;
  // One statement at a time (the main thread holds the one session for it), and answers still being sent.
  const slabs = workerSlabs(4, (gone) => post({ type: 'forget', slabs: gone }));
  const answer = async ({ id, text, values, bytes }: QueryCommand) => {
    try {
      const rows = (await open.query<Record<string, unknown>>(text, values)).rows;
      const transfer = slabs.encode(rows, bytes);
      port.postMessage({ type: 'rows', id, rows } satisfies PgliteWorkerMessage, transfer);
    } catch (err) {
      post({ type: 'error', id, error: errorFields(err) });
    }
  };
  port.on('message', (command: PgliteWorkerCommand) => {
    if (command.type === 'close' && !closing) void close(db, served.server);
    else if (command.type === 'query') void answer(command);
    else if (command.type === 'release') slabs.release(command);
  });
  post({ type: 'ready', listen: served.listen });
}

void main();
