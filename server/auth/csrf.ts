// CSRF (Sanctum's convention): GET /sanctum/csrf-cookie sets XSRF-TOKEN; a state-changing
// call without a bearer token must echo it in X-XSRF-TOKEN (double submit). Bearer calls are exempt:
// a cross-site form cannot set an Authorization header, and no credential ever rides in a cookie.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../errors';
import { bearerToken } from './guard';
import { globalPlugin } from './globalPlugin';
import { randomSecret } from './tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false exempts a route from the CSRF check (machine-to-machine callers without a browser). */
    csrf?: boolean;
  }
}

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const CSRF_MESSAGE = 'CSRF token mismatch.';
const COOKIE_MAX_AGE_SECONDS = 12 * 60 * 60;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function csrfPasses(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  if (bearerToken(request)) return true;
  if (request.routeOptions.config?.csrf === false) return true;
  const cookie = request.cookies?.[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (typeof cookie !== 'string' || typeof header !== 'string' || !WELL_FORMED.test(cookie)) return false;
  return sameToken(cookie, header);
}

async function csrf(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (!csrfPasses(request)) throw new ApiError(419, CSRF_MESSAGE);
  });

  app.get(
    '/sanctum/csrf-cookie',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'Set the XSRF-TOKEN cookie that state-changing calls without a bearer token must echo in X-XSRF-TOKEN',
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      // Keep a well-formed existing token so requests already in flight with it still pass.
      const current = request.cookies?.[CSRF_COOKIE];
      const value = typeof current === 'string' && WELL_FORMED.test(current) ? current : randomSecret(32);
      reply.setCookie(CSRF_COOKIE, value, {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: app.config.publicUrl.startsWith('https:'),
        maxAge: COOKIE_MAX_AGE_SECONDS,
      });
      return reply.status(204).send();
    },
  );
}

export default globalPlugin(csrf, 'olympus-csrf');
