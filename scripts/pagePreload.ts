// One more HTML file for the admin's addresses (docs/speed.md "The first screen"): index.html with the admin
// page's chunks preloaded (`<link rel="modulepreload">`), served by server/spa.ts for a navigation under
// /dashboard. The browser then downloads the admin's code beside the shell's instead of once the shell has
// run far enough to ask for it; the sign-in pages keep index.html, which names no admin file.
import type { Plugin } from 'vite';

interface OutputChunkLike {
  type: 'chunk';
  fileName: string;
  moduleIds: string[];
  isEntry: boolean;
  imports: string[];
}
interface OutputAssetLike {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}
type Bundle = Record<string, OutputChunkLike | OutputAssetLike | { type: string }>;

/** The files `start` needs, itself first, without those the entry chunks already load. */
export function chunkClosure(bundle: Bundle, start: string): string[] {
  const chunk = (name: string) => {
    const c = bundle[name];
    return c?.type === 'chunk' ? (c as OutputChunkLike) : undefined;
  };
  const walk = (from: string[], into: Set<string>) => {
    for (const name of from) {
      if (into.has(name) || !chunk(name)) continue;
      into.add(name);
      walk(chunk(name)?.imports ?? [], into);
    }
    return into;
  };
  const entries = Object.values(bundle).filter(
    (c): c is OutputChunkLike => c.type === 'chunk' && (c as OutputChunkLike).isEntry,
  );
  const loaded = walk(
    entries.map((c) => c.fileName),
    new Set(),
  );
  return [...walk([start], new Set())].filter((name) => !loaded.has(name));
}

/** index.html with a modulepreload link per file, before </head> (as Vite writes its own). */
export function withPreloads(html: string, files: string[], base: string): string {
  const links = files.map((f) => `\n    <link rel="modulepreload" crossorigin href="${base}${f}">`).join('');
  return html.replace(/\s*<\/head>/, `${links}\n  </head>`);
}

/**
 * Emits `html` (e.g. dashboard.html): the built index.html preloading the chunk of `page` (a source module the
 * shell imports lazily) and the chunks it imports.
 */
export function pagePreload({ page, html }: { page: string; html: string }): Plugin {
  let base = '/';
  return {
    name: 'olympus-page-preload',
    apply: 'build',
    // After Vite's own HTML plugin has put index.html into the bundle.
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, output) {
      const bundle = output as unknown as Bundle;
      const index = bundle['index.html'] as OutputAssetLike | undefined;
      const pageChunk = Object.values(bundle).find(
        // The chunk holding the page's module (a code-splitting group's chunk has no facade module).
        (c): c is OutputChunkLike =>
          c.type === 'chunk' && (c as OutputChunkLike).moduleIds.some((id) => id.endsWith(page)),
      );
      if (!index || !pageChunk) this.error(`pagePreload: no index.html or no chunk for ${page}`);
      const source = typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
      this.emitFile({
        type: 'asset',
        fileName: html,
        source: withPreloads(source, chunkClosure(bundle, pageChunk.fileName), base),
      });
    },
  };
}
