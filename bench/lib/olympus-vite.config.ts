// The app's own vite.config.ts, unchanged, plus one bench-only plugin: it writes which source modules
// each emitted JS file holds (rolldown's output, with each module's rendered size) to BENCH_MODULES_OUT,
// so the bench can name the code a route loads (bench/lib/modules.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { mergeConfig, type Plugin, type UserConfig } from 'vite';
import appConfig from '../../vite.config.ts';

/** file name (as emitted, e.g. assets/index-abc.js) → source modules (repo-relative) → rendered bytes. */
export type ChunkModules = Record<string, Record<string, number>>;

function chunkModules(): Plugin {
  return {
    name: 'bench-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const out: ChunkModules = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, m] of Object.entries(chunk.modules)) {
          // Virtual modules start with \0; files are made relative to the repository.
          const name = id.startsWith('\0') ? id.slice(1) : path.relative(process.cwd(), id.split('?')[0]);
          modules[name] = (modules[name] ?? 0) + m.renderedLength;
        }
        out[chunk.fileName] = modules;
      }
      const file = process.env.BENCH_MODULES_OUT;
      if (file) writeFileSync(file, JSON.stringify(out));
    },
  };
}

export default mergeConfig(appConfig as UserConfig, { plugins: [chunkModules()] });
