// OpenAPI 3 generated from the routes' TypeBox schemas, browsable at /api/docs (JSON at /api/docs/json).
// Registered before any route so @fastify/swagger's onRoute hook sees them all.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export const DOCS_PREFIX = '/api/docs';

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Olympus API',
        version: '1',
        description:
          'Successful answers carry `data` (mutations: `data.message`); failures carry a top-level `message` and, for fields, `errors`. ' +
          'Send `Authorization: Bearer <access_token>` and `X-Tenant: <company id>`.',
      },
      servers: [{ url: app.config.publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'An access token from POST /api/v1/auth/login.' },
        },
      },
      // Routes that need no token say `security: []` in their schema.
      security: [{ bearerAuth: [] }],
      tags: [
        { name: 'auth', description: 'Sign-in, sign-out and passwords' },
        { name: 'session', description: 'The signed-in user' },
        { name: 'systems', description: 'Hand-off to connected systems' },
        { name: 'health', description: 'Liveness and readiness' },
      ],
    },
  });
  // The UI's own assets come from 'self' and fit the global CSP; no inline scripts, so no CSP override.
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: true, persistAuthorization: false },
  });
}
