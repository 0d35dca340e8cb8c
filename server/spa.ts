// The built SPA from the API's own port: static files as the build precompressed them (.br, .gz
// beside each file, vite.config.ts; @fastify/compress only for what has none), long cache for Vite's
// hashed /assets, a history fallback to index.html for browser navigations, and the one JSON 404
// `{ message: 'Not found.' }` for everything else.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Paths the SPA never owns: a miss there is an API-style 404, even for a browser. */
const NOT_SPA = /^\/(api|sanctum|\.well-known|healthz|readyz|demo)(\/|$|\?)/;

const YEAR = 365 * 24 * 3600;

/** The file a precompressed copy (x.js.br, x.js.gz) stands for. */
const original = (file: string) => file.replace(/\.(br|gz)$/, '');

export function cacheControlFor(sent: string): string {
  const file = original(sent);
  // index.html names the current hashed bundles: always revalidate so a deploy shows at once.
  if (file.endsWith('.html')) return 'no-cache';
  // Vite puts content-hashed files under assets/: they never change under the same name.
  if (file.split(path.sep).includes('assets')) return `public, max-age=${YEAR}, immutable`;
  return 'public, max-age=3600';
}

/** A page navigation: GET/HEAD of an extension-less path by a client that takes HTML (browsers, curl's *\/*). */
function wantsHtml(req: FastifyRequest, pathname: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  // A missing /assets/app.js must stay a 404, not turn into HTML the browser tries to run.
  if (/\.[a-z0-9]+$/i.test(pathname)) return false;
  const accept = req.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

export function spaRoot(staticDir: string | null): string | null {
  if (!staticDir) return null;
  const root = path.resolve(staticDir);
  return existsSync(path.join(root, 'index.html')) && statSync(root).isDirectory() ? root : null;
}

async function spa(app: FastifyInstance): Promise<void> {
  const root = spaRoot(app.config.staticDir);
  if (app.config.staticDir && !root) {
    app.log.warn(`No built app in ${path.resolve(app.config.staticDir)} (run "npm run build"); serving the API only.`);
  }
  if (root) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      // x.js.br / x.js.gz when the browser takes them: no compressing per download (docs/speed.md).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', cacheControlFor(file));
      },
    });
  }

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const pathname = req.url.split('?')[0];
    if (root && wantsHtml(req, pathname) && !NOT_SPA.test(pathname)) {
      // Client-side route (/dashboard/users, …): the SPA's router decides what to show.
      return reply.code(200).sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found.' });
  });
}

// Not encapsulated: the not-found handler and reply.sendFile must apply to the whole app
// (the same flag fastify-plugin sets, without depending on it).
(spa as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default spa;
