// A PostgreSQL server of a test's own (the suite's shared one must keep answering the other files):
// started from the binaries scripts/postgres.sh found or installed, and frozen, thawed, stopped and
// started again by the test, as an outage or a network partition would.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

/** The newest PostgreSQL server binaries under /usr/lib/postgresql (or $PG_BIN), or null. */
export function postgresBinaries(): string | null {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, 'postgres'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'postgres'))) return bin;
  }
  return null;
}

export interface PrivatePostgres {
  url: string;
  /** Every process of the server stopped in place (SIGSTOP): connections stay open and nothing answers. */
  freeze(): void;
  thaw(): void;
  /** A fast shutdown: sessions are ended with 57P01 and new connections refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  remove(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL server binaries (scripts/postgres.sh installs them)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'olympus-private-pg-'));
  const data = path.join(dir, 'data');
  // PostgreSQL refuses to run as root: as root, run it as the postgres user scripts/postgres.sh made.
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot ? { cmd: 'runuser', args: ['-u', 'postgres', '--', cmd, ...args] } : { cmd, args };
  if (asRoot) spawnSync('chown', ['postgres', dir]);
  const init = run(path.join(bin, 'initdb'), ['-D', data, '-U', 'olympus', '--auth=trust', '-E', 'UTF8']);
  const initResult = spawnSync(init.cmd, init.args, { encoding: 'utf8' });
  if (initResult.status !== 0) throw new Error(`initdb failed: ${initResult.stderr}`);
  const port = await freePort();
  const url = `postgres://olympus@127.0.0.1:${port}/postgres`;
  let server: ChildProcess | null = null;

  const start = async () => {
    const p = run(path.join(bin, 'postgres'), [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'max_connections=60',
    ]);
    // Its own process group, to be killed whole if it does not stop.
    server = spawn(p.cmd, p.args, { detached: true, stdio: 'ignore' });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
      c.on('error', () => {});
      const ok = await c.connect().then(
        () => true,
        () => false,
      );
      await c.end().catch(() => {});
      if (ok) return;
      if (Date.now() > deadline) throw new Error('the private PostgreSQL did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const signalGroup = (signal: NodeJS.Signals) => {
    if (server?.pid) process.kill(-server.pid, signal);
  };
  const postmasterPid = () => {
    const pidFile = path.join(data, 'postmaster.pid');
    return existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  };
  /** The postmaster and each of its processes (every backend runs in a session of its own, so no group signal reaches
   * them). */
  const signalAll = (signal: NodeJS.Signals) => {
    const pid = postmasterPid();
    if (!pid) return;
    const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map(Number);
    // Frozen first so it forks no new backend; thawed last.
    const order = signal === 'SIGSTOP' ? [pid, ...children] : [...children, pid];
    for (const p of order) {
      try {
        process.kill(p, signal);
      } catch {
        // Ended meanwhile.
      }
    }
  };
  const stop = async () => {
    const child = server;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // SIGINT to the postmaster is PostgreSQL's fast shutdown: sessions end with 57P01.
    signalAll('SIGCONT');
    const pid = postmasterPid();
    if (pid > 0) process.kill(pid, 'SIGINT');
    else signalGroup('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null && child.signalCode === null) signalGroup('SIGKILL');
    server = null;
  };
  await start();
  return {
    url,
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    stop,
    start,
    remove: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
