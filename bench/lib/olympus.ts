// The Olympus server of the bench, started the way `npm start` does (server/main.ts, configured only
// through its environment), so whatever main.ts and openDatabase do — migrations, PGlite in a worker
// thread or not — the bench measures. The SPA is the bench's own build (`npm start` builds into dist/;
// the bench builds the same config into .tmp/bench and points OLYMPUS_STATIC_DIR there).
// Runs under /usr/bin/time when present (peak RSS and CPU seconds of the whole process life).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { secretKey } from '../../server/integrations/crypto';
import { childPid, freePort, startChild, type Child } from './proc';
import { hasTime, readTime, timed, type ProcessTime } from './timed';

export interface OlympusOptions {
  /** PGlite: the data directory (main.ts opens `<dir>/pglite`); it also holds the integration key file. */
  dataDir: string;
  /** PostgreSQL instead of PGlite. */
  databaseUrl: string | null;
  staticDir: string;
  /** Where /usr/bin/time writes its numbers. */
  timeFile: string;
}

export interface OlympusServer {
  url: string;
  /** The node process serving (not the /usr/bin/time wrapper): for RSS samples. */
  pid: number | undefined;
  child: Child;
  /** SIGTERM (main.ts shuts down cleanly), then /usr/bin/time's numbers (null without it). */
  stop(): Promise<ProcessTime | null>;
}

export async function startOlympus(o: OlympusOptions): Promise<OlympusServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    OLYMPUS_PUBLIC_URL: url,
    OLYMPUS_DATA_DIR: o.dataDir,
    // Empty means "not set" for loadConfig: PGlite unless the bench passes PostgreSQL.
    DATABASE_URL: o.databaseUrl ?? '',
    // Required with DATABASE_URL: the key file of the bench's data directory, made once, so a PostgreSQL
    // database kept between runs (scripts/measure-whole-lists.ts) opens with the same key.
    OLYMPUS_SECRET_KEY: o.databaseUrl ? secretKey({ secretKey: null, dataDir: o.dataDir }).toString('hex') : '',
    OLYMPUS_STATIC_DIR: o.staticDir,
    OLYMPUS_SEED: 'false',
    LOG_LEVEL: 'warn',
  };
  const args = ['--import', 'tsx', path.resolve('server/main.ts')];
  const withTime = hasTime();
  rmSync(o.timeFile, { force: true });
  const [cmd, argv] = withTime ? timed(process.execPath, args, o.timeFile) : [process.execPath, args];
  let pid: number | undefined;
  const nodePid = (wrapper: number | undefined): number | undefined =>
    withTime ? (pid ??= childPid(wrapper)) : wrapper;
  const { child } = await startChild(cmd, argv, {
    env,
    timeoutMs: 180_000,
    // main.ts prints its banner once it listens.
    ready: (out) => (out.includes(`Olympus is running at ${url}`) ? true : undefined),
    signalPid: nodePid,
  });
  // The readiness probe answers only once the database does.
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: nodePid(child.proc.pid),
    child,
    stop: async () => {
      await child.stop();
      return withTime ? readTime(o.timeFile) : null;
    },
  };
}
