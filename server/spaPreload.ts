// The HTML each page's address is sent: index.html with the page's own code named up front
// (`<link rel="modulepreload">` for its module of contract/pages.ts and the chunks it imports), so the
// browser downloads it beside the shell instead of once the shell has run and asked for it (docs/speed.md
// "The first screen"). The file names come from the build's manifest (vite.config.ts `build.manifest`).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pageAt, PAGES } from '../contract/pages';

/** Where Vite writes its manifest inside the build (its default). */
export const MANIFEST_FILE = path.join('.vite', 'manifest.json');

/** A manifest entry as Vite writes it: its file and the manifest keys of the chunks it imports statically. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The files `key` loads with it (itself and its static imports, transitively), in the order found. */
function filesOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => filesOf(manifest, k, seen))];
}

function readManifest(root: string): Manifest | null {
  const file = path.join(root, MANIFEST_FILE);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/**
 * The HTML for an address: index.html naming its page's chunks, or null for index.html as it is (an address of
 * no page; a build without a manifest, as a test's stand-in). What the entry loads already is not named again.
 * Read once from `root`: a deploy restarts the server with the new build.
 */
export function pageHtml(root: string): (pathname: string) => string | null {
  const manifest = readManifest(root);
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  if (!manifest || !html.includes('</head>')) return () => null;
  const entry = new Set(
    Object.keys(manifest)
      .filter((key) => manifest[key].isEntry)
      .flatMap((key) => filesOf(manifest, key)),
  );
  const byPath = new Map<string, string>();
  for (const page of PAGES) {
    const links = filesOf(manifest, page.module)
      .filter((file) => !entry.has(file))
      .map((file) => `  <link rel="modulepreload" crossorigin href="/${file}">\n  `);
    if (links.length > 0) byPath.set(page.path, html.replace('</head>', `${links.join('')}</head>`));
  }
  return (pathname) => {
    const page = pageAt(pathname);
    return (page && byPath.get(page.path)) ?? null;
  };
}
