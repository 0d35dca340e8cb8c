// Opens an embedded PGlite on a data directory so that a commit it acknowledges is on the disk, not only
// in the operating system's cache (README "Backups and durability"). Imported by the worker thread
// (pgliteWorker.ts) before anything else: keep the imports to packages.
//
// What PGlite 0.5 does out of the box, read in its source (dist/*.js.map): it starts PostgreSQL with
// `-F` (fsync off), its Node file system (Emscripten's NODEFS) has no fsync at all — fsync() of a file
// succeeds without reaching the disk and fdatasync() does nothing — and its `syncToFs` (what
// `relaxedDurability` governs) is empty for NODEFS. So a power loss could lose acknowledged commits and,
// after a checkpoint, leave the directory inconsistent. Here: fsync is on, the WAL is flushed with
// fsync() at every commit (`wal_sync_method=fsync`: fdatasync() cannot be reached from JavaScript),
// and NODEFS's missing fsync is supplied, so PostgreSQL's own flushes — the commit's WAL, checkpoints,
// the control file, directories — reach the disk in the order PostgreSQL relies on.
import { closeSync, existsSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { PGLITE_EXTENSIONS } from './pgliteExtensions';

/** Where PGlite mounts the data directory inside its virtual file system (its initdb.ts PGDATA). */
const PGDATA = '/pglite/data';
/** Emscripten's errno for EIO: PostgreSQL treats a failed fsync as fatal (PANIC), as it must. */
const EIO = 29;

/** PGlite's start parameters with fsync on and the WAL flushed by fsync() at every commit. */
export const DURABLE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

/** The parts of an Emscripten NODEFS stream the fsync below reads. */
interface NodefsStream {
  /** The host file descriptor NODEFS opened for this stream. */
  nfd?: number;
  /** The path inside the virtual file system. */
  path?: string;
}
type NodefsStreamOps = { fsync?: (stream: NodefsStream) => number };
type ErrnoErrorClass = new (errno: number) => Error;

/** How many host fsyncs the supplied fsync made (tests: proof that commits really flush). */
export const durabilityCounters = { fsyncs: 0 };

/** NODEFS with the fsync Emscripten leaves out: the host descriptor is flushed with fsyncSync. */
class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const install = (mod: { NODEFS: unknown; FS: unknown }) => supplyFsync(mod, this.rootDir);
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), install] } };
  }
}

function supplyFsync(mod: { NODEFS: unknown; FS: unknown }, rootDir: string): void {
  const ops = (mod.NODEFS as { stream_ops?: NodefsStreamOps } | undefined)?.stream_ops;
  // Refuse to run silently without durability: this needs looking at when PGlite is upgraded.
  if (!ops)
    throw new Error('this PGlite has no NODEFS stream operations to make durable (server/db/pgliteDurability.ts)');
  // A later PGlite that flushes by itself is left alone.
  if (typeof ops.fsync === 'function') return;
  const ErrnoError = (mod.FS as { ErrnoError: ErrnoErrorClass }).ErrnoError;
  ops.fsync = (stream) => {
    try {
      if (typeof stream.nfd === 'number') {
        fsyncSync(stream.nfd);
      } else {
        // A stream NODEFS opened without a host descriptor: flush its host path instead.
        if (!stream.path?.startsWith(PGDATA)) return 0;
        syncPath(path.join(rootDir, stream.path.slice(PGDATA.length)));
      }
      durabilityCounters.fsyncs++;
      return 0;
    } catch {
      // Windows cannot fsync a directory; PostgreSQL ignores that on platforms without it too.
      if (process.platform === 'win32') return 0;
      throw new ErrnoError(EIO);
    }
  };
}

function syncPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Every file and directory under `dir`, flushed (a new directory: PGlite writes initdb's files without a flush). */
function syncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(full);
    else if (entry.isFile()) syncPath(full);
  }
  syncPath(dir);
}

/** PGlite on `dataDir` (created when missing) whose acknowledged commits are on disk. */
export async function openDurablePglite(
  dataDir: string,
  extra: Pick<PGliteOptions, 'loadDataDir'> = {},
): Promise<PGlite> {
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const db = new PGlite({
    ...extra,
    extensions: PGLITE_EXTENSIONS,
    fs: new DurableNodeFS(dataDir),
    // Already the default; NODEFS's syncToFs does nothing either way: the flushes above do the work.
    relaxedDurability: false,
    startParams: [...DURABLE_START_PARAMS],
  });
  try {
    await db.waitReady;
    if (fresh && process.platform !== 'win32') {
      syncTree(path.resolve(dataDir));
      syncPath(path.dirname(path.resolve(dataDir)));
    }
  } catch (err) {
    // Leave the directory as consistent as PGlite can: the caller only sees the error.
    await db.close().catch(() => {});
    throw err;
  }
  return db;
}
