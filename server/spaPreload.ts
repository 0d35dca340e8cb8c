// The page a `/dashboard…` address is sent: index.html with the admin's code named up front
// (`<link rel="modulepreload">` for src/routing/AdminRoutes.tsx and the chunks it imports), so the browser
// downloads it beside the shell instead of after the shell has run and asked for it (docs/speed.md
// "The first screen"). The names come from the build's manifest (vite.config.ts `build.manifest`).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The module every `/dashboard…` address shows (src/routing/routes.ts `loadAdminRoutes`). */
export const DASHBOARD_MODULE = 'src/routing/AdminRoutes.tsx';
/** Where Vite writes its manifest inside the build (its default). */
export const MANIFEST_FILE = path.join('.vite', 'manifest.json');

const DASHBOARD = /^\/dashboard(\/|$)/;

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

/**
 * index.html as a `/dashboard…` address gets it, or null where the build has no manifest or no admin
 * chunk (a build from before the manifest, a test's stand-in): then every address gets index.html.
 * What the entry already loads is not named again.
 */
export function dashboardHtml(root: string): string | null {
  const manifestPath = path.join(root, MANIFEST_FILE);
  if (!existsSync(manifestPath)) return null;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  } catch {
    return null;
  }
  if (!manifest[DASHBOARD_MODULE]) return null;
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const entry = new Set(
    Object.keys(manifest)
      .filter((k) => manifest[k].isEntry)
      .flatMap((k) => filesOf(manifest, k)),
  );
  const links = filesOf(manifest, DASHBOARD_MODULE)
    .filter((file) => !entry.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  if (links.length === 0 || !html.includes('</head>')) return null;
  return html.replace('</head>', `${links.map((link) => `  ${link}\n  `).join('')}</head>`);
}

export const isDashboardPath = (pathname: string): boolean => DASHBOARD.test(pathname);
