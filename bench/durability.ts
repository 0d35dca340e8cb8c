// What a durable commit costs the embedded database (README "Backups and durability"): sequential small
// writes, each its own transaction, (1) into PGlite on a data directory, with PGlite's own defaults
// (fsync off: what Olympus did before) and as Olympus opens it now (server/db/pgliteDurability.ts),
// interleaved in rounds so that the machine's load hits both alike, and (2) through the API of the real
// server (`server/main.ts`: POST /api/v1/companies, a row and its audit row). Prints ms per write.
// Not part of `npm test`.
//
//   npx tsx bench/durability.ts                 # PGlite
//   npx tsx bench/durability.ts --database-url postgres://…/db   # the API part against PostgreSQL
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDurablePglite } from '../server/db/pgliteDurability';

const WRITES = 500;
const PASSWORD = 'Bench-Durable-42';
const ROOT = path.resolve(import.meta.dirname, '..');
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const databaseUrl = arg('--database-url') ?? null;

const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  return `mean ${mean.toFixed(2)} ms, median ${sorted[Math.floor(sorted.length / 2)].toFixed(2)} ms, p95 ${sorted[Math.floor(sorted.length * 0.95)].toFixed(2)} ms`;
};

/** `WRITES` inserts per engine, in rounds of 100 alternating between the two. */
async function engine(dir: string): Promise<{ plain: number[]; durable: number[] }> {
  const open = {
    plain: async () => {
      const db = new PGlite({ dataDir: path.join(dir, 'plain') });
      await db.waitReady;
      return db;
    },
    durable: () => openDurablePglite(path.join(dir, 'durable')),
  };
  const times = { plain: [] as number[], durable: [] as number[] };
  for (let round = 0; round < WRITES / 100; round++) {
    for (const kind of ['plain', 'durable'] as const) {
      const db = await open[kind]();
      await db.exec(
        'create table if not exists writes (id serial primary key, at timestamptz not null default now(), note text)',
      );
      for (let i = 0; i < 100; i++) {
        const t0 = performance.now();
        await db.query('insert into writes (note) values ($1)', [`write ${round}-${i}`]);
        times[kind].push(performance.now() - t0);
      }
      await db.close();
    }
  }
  return times;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function throughApi(dir: string): Promise<number[]> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      OLYMPUS_PUBLIC_URL: base,
      OLYMPUS_DATA_DIR: path.join(dir, 'api'),
      OLYMPUS_STATIC_DIR: path.join(dir, 'no-static'),
      OLYMPUS_SEED: 'true',
      OLYMPUS_DEMO_PASSWORD: PASSWORD,
      OLYMPUS_DEMO_SYSTEMS: 'false',
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, OLYMPUS_SECRET_KEY: 'a'.repeat(64) } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('the server did not start');
      if (
        await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
    const value = csrf.headers
      .getSetCookie()
      .find((c) => c.startsWith('XSRF-TOKEN='))!
      .slice('XSRF-TOKEN='.length)
      .split(';')[0];
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${value}`,
        'x-xsrf-token': decodeURIComponent(value),
      },
      body: JSON.stringify({ email: 'superadmin@example.com', password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const times: number[] = [];
    for (let i = 0; i < WRITES; i++) {
      const body = JSON.stringify({
        name: `Durable ${i}`,
        address_line_1: '1 Bench Road',
        city: 'Leeds',
        postcode: 'LS1 1AA',
      });
      const t0 = performance.now();
      const res = await fetch(`${base}/api/v1/companies`, { method: 'POST', headers, body });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.status !== 201) throw new Error(`POST /companies answered ${res.status}`);
    }
    return times;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'olympus-durability-'));
try {
  console.log(`${WRITES} sequential writes, each its own commit`);
  if (!databaseUrl) {
    const { plain, durable } = await engine(dir);
    console.log(`  PGlite insert, fsync off (PGlite's defaults):  ${stats(plain)}`);
    console.log(`  PGlite insert, as Olympus opens it (durable):  ${stats(durable)}`);
  }
  console.log(
    `  POST /api/v1/companies on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}:      ${stats(await throughApi(dir))}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
