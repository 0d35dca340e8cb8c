// Opens the embedded PGlite, either in this thread (tests: fast to start, clonable from a template
// dump) or in a worker thread served over a private socket (the running server: a slow query must
// not freeze every other request). Both guard their data directory with a lock file.
import { mkdirSync, mkdtempSync, existsSync, readFileSync, writeFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DatabaseOutage } from './outage';
import * as schema from './tables';
import { errorListeners, nodePostgresDatabase, pingPool, type Database, type Db } from './database';
import { openDurablePglite } from './pgliteDurability';
import { PGLITE_EXTENSIONS } from './pgliteExtensions';
import type { PgliteWorkerCommand, PgliteWorkerListen, PgliteWorkerMessage, PgliteWorkerOptions } from './pgliteWorker';
import { runOffThreadOn } from './offThread';
import { PgliteAnswers } from './pgliteAnswers';

/** PGlite in this thread: every query runs on the caller's event loop. */
export async function openPgliteInline(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  const release = dataDir ? prepareDirectory(dataDir) : () => {};
  let client: PGlite;
  try {
    // On disk, commits are flushed (pgliteDurability.ts); in memory (tests) there is nothing to flush.
    client = dataDir
      ? await openDurablePglite(dataDir, { loadDataDir })
      : new PGlite({ loadDataDir, extensions: PGLITE_EXTENSIONS });
    await client.waitReady;
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    driver: 'pglite',
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
    // In-process PGlite has no failure of its own outside a query: a query's error goes to its caller.
    onError: () => {},
    // Nor an outage: it lives in this process.
    outage: new DatabaseOutage(),
  };
}

/** The worker-thread PGlite; `worker` is there for tests (a crash is `worker.terminate()`). */
export interface PgliteWorkerDatabase extends Database {
  readonly worker: Worker;
}

/** PGlite in a worker thread, reached through node-postgres over a unix socket only this process can open. */
export async function openPgliteWorker(dataDir: string | null): Promise<PgliteWorkerDatabase> {
  const release = dataDir ? prepareDirectory(dataDir) : () => {};
  // mkdtemp makes the directory 0700: no other user can reach the socket (PGlite asks no password).
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'olympus-pglite-'));
  const cleanUp = () => {
    release();
    rmSync(socketDir, { recursive: true, force: true });
  };
  const options: PgliteWorkerOptions = {
    dataDir: dataDir ? path.resolve(dataDir) : null,
    // node-postgres reaches a unix socket as host = its directory, file `.s.PGSQL.<port>`.
    socketPath: path.join(socketDir, '.s.PGSQL.5432'),
  };
  const worker = startWorker(options);
  let listen: PgliteWorkerListen;
  try {
    listen = await workerReady(worker, dataDir);
  } catch (err) {
    await worker.terminate();
    cleanUp();
    throw err;
  }

  const errors = errorListeners();
  let failure: Error | null = null;
  let closing = false;
  let closeFailure: string | null = null;
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  let answers: PgliteAnswers | null = null;
  worker.on('message', (message: PgliteWorkerMessage) => {
    if (message.type === 'close-failed') closeFailure = message.message;
    else answers?.received(message);
  });
  const fail = (err: Error) => {
    answers?.failed(err);
    if (closing || failure) return;
    failure = err;
    errors.emit(err);
  };
  worker.on('error', (err: unknown) =>
    fail(new Error(`The embedded database (PGlite worker) crashed: ${messageOf(err)}`, { cause: err })),
  );
  void exited.then((code) =>
    fail(new Error(`The embedded database (PGlite worker) stopped unexpectedly (exit code ${code}).`)),
  );
  // Like PGlite in this thread, an open database does not keep the process alive by itself.
  worker.unref();

  const pool = new pg.Pool({
    host: path.dirname(listen.path),
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    // PGlite is a single session: one connection, so a transaction never interleaves with another
    // request's queries (requests wait for the pool instead, as they waited for PGlite's lock).
    max: 1,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
  });
  const database = nodePostgresDatabase(pool, 'pglite', {
    errors,
    ping: async () => !failure && (await pingPool(pool)),
    close: async () => {
      closing = true;
      worker.ref();
      try {
        worker.postMessage({ type: 'close' } satisfies PgliteWorkerCommand);
        const code = await exited;
        if (closeFailure) throw new Error(`The embedded database did not close cleanly: ${closeFailure}`);
        if (code !== 0 && !failure)
          throw new Error(`The embedded database (PGlite worker) ended with exit code ${code} while closing.`);
      } finally {
        cleanUp();
      }
    },
  });
  // Whole lists are read in the worker, off the event loop (./pgliteAnswers.ts, docs/speed.md).
  answers = new PgliteAnswers(worker, pool);
  runOffThreadOn(database.db, answers);
  return { ...database, worker };
}

/**
 * Node 20 does not hand the parent's `--import tsx` loader to a worker's entry, and vitest does not
 * use it at all: register tsx inside the worker, then import the TypeScript entry.
 */
export function startWorker(options: PgliteWorkerOptions): Worker {
  const entry = new URL('./pgliteWorker.ts', import.meta.url).href;
  // Resolved here, so the worker's working directory does not matter.
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(entry)}));`;
  return new Worker(bootstrap, { eval: true, workerData: options, name: 'pglite' });
}

export function workerReady(worker: Worker, dataDir: string | null): Promise<PgliteWorkerListen> {
  const where = dataDir ? `the database directory ${dataDir}` : 'the in-memory database';
  return new Promise((resolve, reject) => {
    const settle = (fn: () => void) => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      fn();
    };
    const onMessage = (message: PgliteWorkerMessage) => {
      if (message.type === 'ready') settle(() => resolve(message.listen));
      else if (message.type === 'failed') {
        const hint = dataDir
          ? ' If it is damaged, move it aside (or set OLYMPUS_DATA_DIR) to start with a new, empty database.'
          : '';
        settle(() =>
          reject(new Error(`The embedded database (PGlite) cannot open ${where}: ${message.message}.${hint}`)),
        );
      }
    };
    const onError = (err: unknown) =>
      settle(() =>
        reject(new Error(`The embedded database (PGlite worker) failed to start: ${messageOf(err)}`, { cause: err })),
      );
    const onExit = (code: number) =>
      settle(() =>
        reject(new Error(`The embedded database (PGlite worker) exited with code ${code} before it was ready.`)),
      );
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

/** A worker may throw anything (PGlite's WASM throws plain objects). */
function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Creates the directory's parent and takes its lock; returns the release. */
function prepareDirectory(dataDir: string): () => void {
  // PGlite would only say "ErrnoError 54" (after seconds of trying).
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory())
    throw new Error(`The database directory ${dataDir} is a file, not a directory.`);
  mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  return lockDirectory(dataDir);
}

/** Lock files this process holds: a second PGlite on one directory corrupts it as surely from here. */
const heldLocks = new Set<string>();

/** Two processes on one PGlite directory corrupt it: a pid lock file refuses the second. */
function lockDirectory(dataDir: string): () => void {
  const lockFile = path.resolve(dataDir) + '.lock';
  if (heldLocks.has(lockFile)) throw new Error(`The database directory ${dataDir} is already open in this process.`);
  if (existsSync(lockFile)) {
    // "<pid>" or "<pid> <start time>": a process killed without cleaning up leaves its lock behind,
    // and its pid may by now belong to another process (a restarted container counts from 1 again).
    const [pid, started] = readFileSync(lockFile, 'utf8').trim().split(/\s+/).map(Number);
    const reused = Number.isFinite(started) && started > 0 && startTimeOf(pid) !== null && startTimeOf(pid) !== started;
    if (pid && pid !== process.pid && isAlive(pid) && !reused) {
      throw new Error(
        `The database directory ${dataDir} is in use by process ${pid}. Stop it first, or set OLYMPUS_DATA_DIR to another directory.`,
      );
    }
  }
  const started = startTimeOf(process.pid);
  writeFileSync(lockFile, started === null ? String(process.pid) : `${process.pid} ${started}`);
  heldLocks.add(lockFile);
  return () => {
    heldLocks.delete(lockFile);
    rmSync(lockFile, { force: true });
  };
}

/** When a process started (Linux: clock ticks since boot, /proc/<pid>/stat field 22); null where unknown. */
export function startTimeOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields follow the command name, which is in parentheses and may itself hold spaces.
    const value = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
