// Child processes of the bench: start with a bounded wait for readiness, sample RSS, stop by pid.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Child {
  proc: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Spawns a command and resolves once `ready(output)` returns a value (or rejects after `timeoutMs`). */
export function startChild<T>(
  cmd: string,
  args: string[],
  opts: {
    env?: NodeJS.ProcessEnv;
    cwd?: string;
    timeoutMs: number;
    ready: (out: string) => T | undefined;
    /** The process to signal on stop when `cmd` is a wrapper (/usr/bin/time): stop waits for the wrapper's exit. */
    signalPid?: (wrapperPid: number | undefined) => number | undefined;
  },
): Promise<{ child: Child; value: T }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(cmd, args, {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let done = false;
    const child: Child = {
      proc,
      output: () => out,
      stop: () =>
        new Promise<void>((res) => {
          if (proc.exitCode !== null || proc.signalCode !== null) return res();
          const target = opts.signalPid?.(proc.pid) ?? proc.pid;
          const signal = (sig: NodeJS.Signals) => {
            try {
              if (target) process.kill(target, sig);
            } catch {
              /* already gone */
            }
          };
          const kill = setTimeout(() => {
            signal('SIGKILL');
            proc.kill('SIGKILL');
          }, 15_000);
          proc.once('exit', () => {
            clearTimeout(kill);
            res();
          });
          signal('SIGTERM');
        }),
    };
    const timer = setTimeout(
      () => finish(new Error(`${cmd} ${args.join(' ')} not ready after ${opts.timeoutMs} ms:\n${out.slice(-2000)}`)),
      opts.timeoutMs,
    );
    const finish = (err: Error | null, value?: T) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (err) {
        void child.stop();
        reject(err);
      } else resolve({ child, value: value as T });
    };
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.length > 200_000) out = out.slice(-100_000);
      const v = opts.ready(out);
      if (v !== undefined) finish(null, v);
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.once('exit', (code) =>
      finish(new Error(`${cmd} exited with ${code} before it was ready:\n${out.slice(-2000)}`)),
    );
  });
}

/** The first child process of `pid` (Linux /proc), e.g. the program /usr/bin/time runs. */
export function childPid(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const first = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0];
    return first ? Number(first) : undefined;
  } catch {
    return undefined;
  }
}

/** Resident set size of a process in MB (Linux /proc), or null. */
export function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** Runs a command to completion (bounded), answering its combined output; throws on a non-zero exit. */
export function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const proc = spawn(cmd, args, {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => proc.kill('SIGKILL'), opts.timeoutMs);
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${code ?? signal}):\n${out.slice(-3000)}`));
    });
  });
}

/** A free loopback port (for tools that print only the port they were given). */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Samples a process's RSS every 200 ms until stopped: the first sample (idle) and the peak. */
export function watchRss(pid: number | undefined): { stop: () => { idle: number | null; peak: number | null } } {
  const idle = rssMb(pid);
  let peak = idle;
  const timer = setInterval(() => {
    const r = rssMb(pid);
    if (r !== null && (peak === null || r > peak)) peak = r;
  }, 200);
  return {
    stop: () => {
      clearInterval(timer);
      return { idle, peak };
    },
  };
}
