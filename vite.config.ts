import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlib } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { configDefaults, type TestProjectInlineConfiguration } from 'vitest/config';
import { pageChunks } from './scripts/pageChunks';

const pages = pageChunks();

/** The test files under `dir` (as deep as a project's `include` reaches) that replace a module with vi.mock. */
function mockingTests(dir: string): string[] {
  const abs = fileURLToPath(new URL(`./${dir}/`, import.meta.url));
  return readdirSync(abs, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts') && /\bvi\.(do)?mock\(/.test(readFileSync(abs + f, 'utf8')))
    .map((f) => `${dir}/${f}`);
}

const serverTests: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  include: ['tests/server/**/*.test.ts'],
  globalSetup: ['tests/server/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const mockingServerTests = mockingTests('tests/server');

// One config for the SPA build and every Vitest project (unit/component in jsdom,
// server through app.inject, e2e through Debian chromium against the real server).
export default defineConfig({
  plugins: [
    react(),
    pages.plugin,
    // Each emitted file also as .br (brotli at its best quality) and .gz, once at build: server/spa.ts
    // sends them as they are instead of compressing every download (docs/speed.md). Source maps stay plain.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      exclude: [/\.map$/],
      threshold: 1024,
      skipIfLargerOrEqual: true,
    }),
  ],
  server: {
    port: 5173,
    // In `npm run dev` the SPA talks to the API started by `npm run dev:server`.
    proxy: {
      '/api': 'http://localhost:3000',
      '/sanctum': 'http://localhost:3000',
      '/.well-known': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every module the entry imports statically (the shell every page loads first) in one file: rolldown's
          // automatic splitting made it 19 files, shared piecemeal with the lazy pages, each a request before the
          // first screen can start (docs/speed.md "What the first screen's code holds"). Then each lazy page's
          // own static imports in one file, and what pages share in one more (scripts/pageChunks.ts). What a page
          // loads lazily itself still splits automatically. The higher priority takes a module first: a page's
          // group would otherwise pull the shell's modules in as its dependencies.
          groups: [{ name: 'shell', tags: ['$initial'], priority: 3 }, ...pages.groups],
        },
      },
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, where two
    // finish the unit and server suites a third to two fifths sooner (the tests wait on I/O a lot).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/component/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/component/setup.ts'],
          testTimeout: 20_000,
          // Node 20 resolves react-router-dom (imported by ra-core) to its CommonJS build, which loads
          // react-router's CommonJS build, while our 'react-router' imports get the ESM one: two router
          // contexts, and react-admin would not see the app's router. Resolved and inlined here, every
          // import shares the ESM build, as in the Vite bundle.
          alias: [
            {
              find: /^react-router-dom$/,
              replacement: fileURLToPath(new URL('./node_modules/react-router-dom/dist/index.mjs', import.meta.url)),
            },
          ],
          server: { deps: { inline: ['react-admin', 'ra-core', 'ra-ui-materialui', 'react-router-dom'] } },
        },
      },
      // The server suite shares one module graph per worker (isolate: false): each file would otherwise
      // evaluate the whole server and start a fresh PGlite runtime, about 3 s a file, two fifths of the
      // suite. Each file builds its own app and database, and keeps nothing of it in a module (README
      // "Development"). A file that replaces a module with vi.mock needs the modules to itself: those
      // run isolated, in server-mocking.
      {
        extends: true,
        test: {
          ...serverTests,
          name: 'server',
          exclude: [...configDefaults.exclude, ...mockingServerTests],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...serverTests, name: 'server-mocking', include: mockingServerTests },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // Two files at once, each with its own server and chromium: a browser test waits on its page
          // much of the time, so two on two cores finish the suite well before one after the other. A
          // poll then gets more than its default second before it gives up.
          testTimeout: 120_000,
          hookTimeout: 150_000,
          expect: { poll: { timeout: 10_000 } },
          // Two at once on two cores can push a page past a wait now and then: a test that fails is run
          // once more, and fails the suite only when it fails twice.
          retry: 1,
        },
      },
    ],
  },
});
