// Security headers (helmet) with a CSP that allows exactly what the built SPA loads, and response
// compression for API and static responses.
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import type { Config } from '../config';

/** Power BI report embeds (reports issue) load in a frame from here. */
const POWER_BI = 'https://app.powerbi.com';
/** Google's documented CSP for the tag manager with GA4. */
const GTM_SCRIPT = 'https://www.googletagmanager.com';
const GA_CONNECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];
const GA_IMG = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

const origin = (url: string | null): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** Where an SSO sign-in sends the browser: the configured issuer, or Azure's for a tenant id. */
export function ssoOrigin(config: Config): string | null {
  if (config.sso.issuer) return origin(config.sso.issuer);
  return config.sso.azureTenantId ? 'https://login.microsoftonline.com' : null;
}

export function cspDirectives(config: Config): Record<string, string[] | null> {
  const sentry = origin(config.sentryDsn);
  const api = origin(config.spaApiUrl);
  const sso = ssoOrigin(config);
  const gtm = config.gtmId !== null;
  const list = (...items: (string | null | false)[]) => items.filter((i): i is string => typeof i === 'string');
  return {
    'default-src': ["'self'"],
    'script-src': list("'self'", gtm && GTM_SCRIPT),
    'script-src-attr': ["'none'"],
    // emotion (MUI) injects <style> tags at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': list("'self'", 'data:', 'blob:', ...(gtm ? GA_IMG : [])),
    'font-src': ["'self'", 'data:'],
    'connect-src': list("'self'", api, sentry, ...(gtm ? GA_CONNECT : [])),
    // Sentry session replay compresses in a worker created from a blob: URL.
    'worker-src': list("'self'", sentry && 'blob:'),
    'frame-src': ["'self'", POWER_BI],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': list("'self'", sso),
    // On plain http (localhost) upgrading would break every asset; helmet adds it by default.
    'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
  };
}

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // Matches frame-ancestors 'none' for browsers that only know the old header.
    xFrameOptions: { action: 'deny' },
    // HSTS over http is ignored by browsers and would only confuse a later https set-up on the same host.
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: false } : false,
    // A relying system may link back; keep the origin so its logs say where users came from.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // On-the-fly brotli at the default quality 11 costs ~50x gzip's CPU; 4 compresses better than gzip for less.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
