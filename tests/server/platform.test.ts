// Platform: security headers, compression, OpenAPI docs, JSON 404s, the SPA with history fallback,
// health and readiness.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from './harness';
import { cspDirectives } from '../../server/http/security';
import { loadConfig } from '../../server/config';

const INDEX_HTML = `<!doctype html><html><head><title>Olympus</title></head><body><div id="app"></div>${'<!-- padding -->'.repeat(200)}</body></html>`;

let t: TestApp;
let spa: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'olympus-dist-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("olympus");\n'.repeat(200));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The build's precompressed copies (vite.config.ts). Their text differs from the plain file's, so a
  // test tells a copy sent as built from one compressed on the fly.
  writeFileSync(path.join(dist, 'assets', 'admin-def456.js'), 'console.log("plain");\n'.repeat(200));
  writeFileSync(
    path.join(dist, 'assets', 'admin-def456.js.br'),
    brotliCompressSync('console.log("from the .br");\n'.repeat(200)),
  );
  writeFileSync(
    path.join(dist, 'assets', 'admin-def456.js.gz'),
    gzipSync('console.log("from the .gz");\n'.repeat(200)),
  );
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX_HTML.replace('Olympus', 'Olympus (br)')));
  [t, spa] = await Promise.all([createTestApp(), createTestApp({ staticDir: dist })]);
});
afterAll(async () => {
  await Promise.all([t?.close(), spa?.close()]);
  rmSync(dist, { recursive: true, force: true });
});

const csp = (header: string | string[] | number | undefined) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([k, ...v]) => [k, v]),
  );

describe('security headers', () => {
  it('sends a CSP that allows what the app loads and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const d = csp(res.headers['content-security-policy']);
    expect(d['default-src']).toEqual(["'self'"]);
    expect(d['script-src']).toEqual(["'self'"]);
    expect(d['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(d['font-src']).toEqual(["'self'", 'data:']);
    expect(d['connect-src']).toEqual(["'self'"]);
    expect(d['frame-src']).toEqual(["'self'", 'https://app.powerbi.com']);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'self'"]);
    expect(d['form-action']).toEqual(["'self'"]);
    // http public URL (localhost): no upgrade, no HSTS.
    expect(d).not.toHaveProperty('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('opens the CSP for Sentry, the tag manager, a separate API host and the SSO issuer when configured', () => {
    const config = loadConfig(
      {
        VITE_SENTRY_DSN: 'https://abc123@o42.ingest.sentry.io/7',
        VITE_GTM_ID: 'GTM-AB12CD',
        VITE_API_URL: 'https://api.olympus.example/',
        OIDC_ISSUER: 'https://login.microsoftonline.com/tenant-id/v2.0',
        OLYMPUS_PUBLIC_URL: 'https://olympus.example',
      },
      { staticDir: null },
    );
    const d = cspDirectives(config);
    expect(d['connect-src']).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://o42.ingest.sentry.io',
        'https://api.olympus.example',
        'https://*.google-analytics.com',
      ]),
    );
    expect(d['script-src']).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(d['worker-src']).toEqual(["'self'", 'blob:']);
    expect(d['form-action']).toEqual(["'self'", 'https://login.microsoftonline.com']);
    expect(d['upgrade-insecure-requests']).toEqual([]);
  });

  it('compresses large responses when the client accepts it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
    const br = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('leaves small responses alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('API docs', () => {
  it('serves the Swagger UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger-ui');
    const js = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(js.statusCode).toBe(200);
    // The UI loads only same-origin scripts, which the global CSP allows.
    expect(csp(js.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
  });

  it('lists the routes in OpenAPI 3 with the bearer scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.info.title).toBe('Olympus API');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/systems/{id}/redirect',
        '/api/v1/systems/handoff/redeem',
        '/.well-known/jwks.json',
        '/healthz',
        '/readyz',
      ]),
    );
    expect(doc.paths['/api/v1/systems/{id}/redirect'].get.tags).toEqual(['systems']);
    expect(doc.paths['/healthz'].get.security).toEqual([]);
  });
});

describe('not found', () => {
  it.each(['/api/x', '/api/v1/nope', '/sanctum/nope', '/nope.js'])('answers %s with a JSON 404', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('answers unknown methods and bodies with 404, never 500', async () => {
    for (const [method, url] of [
      ['DELETE', '/healthz'],
      ['PUT', '/api/docs'],
      ['PATCH', '/dashboard'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { authorization: 'Bearer oly_x' }, payload: { a: 1 } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
    const odd = await t.app.inject({
      method: 'POST',
      url: '/nowhere',
      headers: { authorization: 'Bearer oly_x', 'content-type': 'text/x-weird' },
      payload: 'zzz',
    });
    expect(odd.statusCode).toBeLessThan(500);
  });
});

describe('SPA', () => {
  it('serves index.html at / without caching', async () => {
    const res = await spa.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="app">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for client-side routes', async () => {
    for (const url of ['/dashboard/users', '/login', '/dashboard/users/7/edit?page=2']) {
      const res = await spa.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="app">');
    }
  });

  it('keeps JSON 404s for the API, and for non-HTML requests', async () => {
    const api = await spa.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found.' });
    const wellKnown = await spa.app.inject({
      method: 'GET',
      url: '/.well-known/nope',
      headers: { accept: 'text/html' },
    });
    expect(wellKnown.statusCode).toBe(404);
    const json = await spa.app.inject({
      method: 'GET',
      url: '/dashboard/users',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    // A plain client (curl's Accept: */*) gets the page too; only a missing file stays a 404.
    const curl = await spa.app.inject({ method: 'GET', url: '/login', headers: { accept: '*/*' } });
    expect(curl.statusCode).toBe(200);
    expect(curl.body).toContain('<div id="app">');
    const missingAsset = await spa.app.inject({ method: 'GET', url: '/assets/gone.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    const post = await spa.app.inject({
      method: 'POST',
      url: '/dashboard',
      headers: { accept: 'text/html', authorization: 'Bearer oly_x' },
      payload: {},
    });
    expect(post.statusCode).toBe(404);
  });

  it('caches hashed assets for a year, compressed', async () => {
    const res = await spa.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('olympus');
    const icon = await spa.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("sends the build's precompressed copy the browser takes, cached like its file", async () => {
    const br = await spa.app.inject({
      method: 'GET',
      url: '/assets/admin-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('from the .br');
    const gz = await spa.app.inject({
      method: 'GET',
      url: '/assets/admin-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('from the .gz');
    const plain = await spa.app.inject({
      method: 'GET',
      url: '/assets/admin-def456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('plain');
    // index.html's copy is never cached either, at / and for client-side routes.
    for (const url of ['/', '/dashboard/unit']) {
      const page = await spa.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'br' },
      });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      const html =
        page.headers['content-encoding'] === 'br' ? brotliDecompressSync(page.rawPayload).toString() : page.body;
      expect(html, url).toContain('<div id="app">');
    }
  });

  it('refuses path traversal', async () => {
    const res = await spa.app.inject({ method: 'GET', url: '/../package.json' });
    expect(res.statusCode).not.toBe(200);
    const enc = await spa.app.inject({ method: 'GET', url: '/%2e%2e/package.json' });
    expect(enc.body).not.toContain('"name": "olympus"');
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up' });
  });

  it('answers 503 from /readyz once the database is gone', async () => {
    const other = await createTestApp();
    try {
      await other.database.close();
      const res = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'down' });
      expect((await other.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      // The database is already closed; close the rest.
      other.database.close = async () => {};
      await other.close();
    }
  });
});
