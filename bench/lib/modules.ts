// What a route's JS holds, by source module: the JS files chromium loaded for the route (pageload.ts)
// mapped through the build's chunk → module list (olympus-vite.config.ts). /login must load no
// admin-resource code: no module under resources/, src/lists/ or src/forms/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliSize, gzipSize } from './bundle';
import type { ChunkModules } from './olympus-vite.config';

/** Modules that are admin-resource code (the /login check). */
export const ADMIN_CODE = /^(resources|src\/lists|src\/forms)\//;

export interface RouteJs {
  app: string;
  route: string;
  files: number;
  min: number;
  gzip: number;
  brotli: number;
  /** Source modules in those files (null: no module map for this app). */
  modules: number | null;
  /** Rendered bytes of the app's own code (src/, providers/, contract/, resources/) vs dependencies. */
  ownBytes: number | null;
  /** The three dependencies (npm packages) with the most rendered code. */
  packages: { name: string; bytes: number }[] | null;
  /** Admin-resource modules among them (the /login check). */
  adminModules: string[] | null;
}

/** The npm package of a module path (node_modules/@mui/material/… → @mui/material), or null for app code. */
function packageOf(module: string): string | null {
  const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module);
  return m ? m[1] : null;
}

export const readChunkModules = (file: string): ChunkModules => JSON.parse(readFileSync(file, 'utf8')) as ChunkModules;

/** `scripts` are URL paths as loaded (/assets/x.js, /ra/assets/x.js); `base` is the app's URL prefix. */
export function routeJs(
  app: string,
  route: string,
  scripts: string[],
  distDir: string,
  base: string,
  chunks: ChunkModules | null,
): RouteJs {
  const files = [...new Set(scripts)].map((s) => (s.startsWith(base) ? s.slice(base.length) : s).replace(/^\//, ''));
  let min = 0;
  let gzip = 0;
  let brotli = 0;
  for (const f of files) {
    try {
      const b = readFileSync(path.join(distDir, f));
      min += b.length;
      gzip += gzipSize(b);
      brotli += brotliSize(b);
    } catch {
      /* not a file of this build (e.g. an inline script) */
    }
  }
  if (!chunks)
    return {
      app,
      route,
      files: files.length,
      min,
      gzip,
      brotli,
      modules: null,
      ownBytes: null,
      packages: null,
      adminModules: null,
    };
  const modules = new Map<string, number>();
  // A module tree-shaken to nothing (0 rendered bytes) is not code the route runs.
  for (const f of files)
    for (const [m, bytes] of Object.entries(chunks[f] ?? {}))
      if (bytes > 0) modules.set(m, (modules.get(m) ?? 0) + bytes);
  const own = [...modules].filter(([m]) => /^(src|providers|contract|resources)\//.test(m));
  const byPackage = new Map<string, number>();
  for (const [m, bytes] of modules) {
    const p = packageOf(m);
    if (p) byPackage.set(p, (byPackage.get(p) ?? 0) + bytes);
  }
  return {
    app,
    route,
    files: files.length,
    min,
    gzip,
    brotli,
    modules: modules.size,
    ownBytes: own.reduce((a, [, b]) => a + b, 0),
    packages: [...byPackage]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name, bytes]) => ({ name, bytes })),
    adminModules: [...modules.keys()].filter((m) => ADMIN_CODE.test(m)).sort(),
  };
}
