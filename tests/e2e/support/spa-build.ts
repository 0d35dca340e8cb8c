// A build of the SPA for one test file, with the registry of declared resources
// (contract/resources/index.ts) replaced by a module of the test tree: the app then serves a resource
// declared only in the test (docs/resources.md), with its screens, API path, search box and texts,
// while no production file names it. Same vite.config.ts as `npm run build`; no source maps and no
// minifying, which only cost time here.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const REGISTRY = path.join(ROOT, 'contract/resources/index.ts');

/** Every import of the real registry resolves to `replacement`, except the replacement's own. */
function replaceRegistry(replacement: string): Plugin {
  return {
    name: 'olympus-test-registry',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer === replacement) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === REGISTRY ? replacement : null;
    },
  };
}

/**
 * Builds the SPA into `outDir` (relative to the repository) with `registry` in place of
 * contract/resources/index.ts; answers the directory and how long the build took.
 */
export async function buildSpaWithRegistry(registry: string, outDir: string): Promise<{ dir: string; ms: number }> {
  const started = performance.now();
  // Vitest runs with NODE_ENV=test, which would give the bundle React's development build: the
  // test build is a production build like dist/.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: ROOT,
      configFile: path.join(ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      plugins: [replaceRegistry(path.resolve(registry))],
      build: {
        outDir: path.join(ROOT, outDir),
        emptyOutDir: true,
        sourcemap: false,
        minify: false,
        reportCompressedSize: false,
      },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return { dir: outDir, ms: Math.round(performance.now() - started) };
}
