// Root-level routes of the systems area: the JWKS connected systems verify hand-offs with, and
// (unless OLYMPUS_DEMO_SYSTEMS=false) the demo stand-ins for Everest and Portal.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { publicJwks } from './keys';
import demoSystems from './demo';

const Jwk = Type.Object({
  kty: Type.String(),
  crv: Type.Optional(Type.String()),
  x: Type.Optional(Type.String()),
  y: Type.Optional(Type.String()),
  kid: Type.Optional(Type.String()),
  alg: Type.Optional(Type.String()),
  use: Type.Optional(Type.String()),
});

export default async function systemPublicRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/.well-known/jwks.json',
    {
      schema: {
        tags: ['systems'],
        summary: 'Public keys (ES256) that sign hand-off tokens',
        security: [],
        // The schema lists public members only, so a private one (d) could never leak through here.
        response: { 200: Type.Object({ keys: Type.Array(Jwk) }) },
      },
    },
    async (_req, reply) => {
      // Short cache: relying systems re-fetch soon enough after a key rotation.
      reply.header('cache-control', 'public, max-age=300');
      return publicJwks(app.db);
    },
  );

  if (app.config.demoSystems) await app.register(demoSystems, { prefix: '/demo' });
}
