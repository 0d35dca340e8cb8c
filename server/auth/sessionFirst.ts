// A route that needs a session answers 401 before its body is read: the check runs on every request
// once the guard (./guard.ts) and the CSRF check (./csrf.ts) have run, so no route can forget it and a
// caller without a session never makes the server receive, hold or parse a body. Which routes need one
// is what their schema declares for the OpenAPI document: every API route but those saying
// `security: []` (sign-in, reset, health, the JWKS, …). Routes outside /api/v1 that the document does
// not show (the SPA's pages, the docs' UI, the demo systems) are not API calls and are left to themselves.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors';
import { globalPlugin } from './globalPlugin';

const API_PREFIX = '/api/v1/';

/** Whether the matched route needs a signed-in caller (an unmatched URL: no, it answers 404). */
export function needsSession(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  if (url === undefined) return false;
  const schema = request.routeOptions.schema as { security?: unknown[]; hide?: boolean } | undefined;
  if (Array.isArray(schema?.security) && schema.security.length === 0) return false;
  return url.startsWith(API_PREFIX) || (schema !== undefined && schema.hide !== true);
}

async function sessionFirst(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (!request.auth && needsSession(request)) throw unauthorized();
  });
}

export default globalPlugin(sessionFirst, 'olympus-session-first');
