// The real server (`node --import tsx server/main.ts`) as a child process, configured only through
// its environment (with a data directory of its own and no built SPA), for tests of how it starts.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { freePort } from '../support/free-port';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

function spawnServer(env: Record<string, string>, port: number, dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      HOST: '127.0.0.1',
      PORT: String(port),
      OLYMPUS_DATA_DIR: dataDir,
      OLYMPUS_STATIC_DIR: path.join(dataDir, 'no-static'),
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

/** `server/main.ts` until /readyz answers, at `baseUrl`; `stop` ends it (SIGTERM, then SIGKILL) and removes its data
 * directory. */
export async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'olympus-start-'));
  const { child, output } = spawnServer(env, port, dataDir);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`instance exited with ${child.exitCode}: ${output()}`);
    }
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { output, stop, dataDir, baseUrl: `http://127.0.0.1:${port}` };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`instance did not become ready: ${output()}`);
}

/** Runs `server/main.ts` expecting it to give up: its exit code, everything it printed and what it left in its data
 * directory. */
export async function runToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string; files: string[] }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'olympus-start-'));
  const { child, output } = spawnServer(env, await freePort(), dataDir);
  const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  const files = readdirSync(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  return { code, output: output(), files };
}
