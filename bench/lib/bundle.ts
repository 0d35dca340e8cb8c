// Bundle sizes: builds Olympus (into .tmp/bench, never ./dist) and each front-end anchor with their
// own pinned Vite, then sums the emitted JS: minified bytes, gzip (level 9) and brotli (quality 11).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { run } from './proc';

export interface BundleStats {
  app: string;
  files: number;
  min: number;
  gzip: number;
  brotli: number;
  /** The biggest chunks, for the notes. */
  largest: { file: string; min: number; gzip: number }[];
}

export const gzipSize = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;
export const brotliSize = (b: Buffer) =>
  zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

function jsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...jsFiles(p));
    else if (name.endsWith('.js')) out.push(p);
  }
  return out;
}

export function analyse(app: string, distDir: string): BundleStats {
  const sizes = jsFiles(distDir).map((f) => {
    const b = readFileSync(f);
    return { file: path.relative(distDir, f), min: b.length, gzip: gzipSize(b), brotli: brotliSize(b) };
  });
  const sum = (k: 'min' | 'gzip' | 'brotli') => sizes.reduce((a, s) => a + s[k], 0);
  return {
    app,
    files: sizes.length,
    min: sum('min'),
    gzip: sum('gzip'),
    brotli: sum('brotli'),
    largest: sizes
      .sort((a, b) => b.min - a.min)
      .slice(0, 5)
      .map(({ file, min, gzip }) => ({ file, min, gzip })),
  };
}

/**
 * `vite build` of the root app into outDir with the root config (same plugins and chunking) wrapped by
 * olympus-vite.config.ts, which also writes each emitted file's source modules to `modulesFile`.
 */
export async function buildOlympus(outDir: string, modulesFile: string): Promise<void> {
  await run(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--config',
      'bench/lib/olympus-vite.config.ts',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { timeoutMs: 600_000, env: { BENCH_MODULES_OUT: modulesFile } },
  );
}

/** `vite build` of an anchor with its own pinned Vite (installed by run.ts with npm ci --prefix). */
export async function buildAnchor(dir: string): Promise<void> {
  await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: dir,
    timeoutMs: 600_000,
  });
}
