// Liveness (the process answers) and readiness (the database answers) for load balancers and
// orchestrators. Logged only at warn and above: probes every few seconds would drown the log.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const Healthy = Type.Object({ status: Type.Literal('ok') });
const Ready = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable')]),
  database: Type.Union([Type.Literal('up'), Type.Literal('down')]),
});

export default async function healthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const common = { logLevel: 'warn' as const };

  app.get(
    '/healthz',
    { ...common, schema: { tags: ['health'], summary: 'The process is up', security: [], response: { 200: Healthy } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      ...common,
      schema: { tags: ['health'], summary: 'The database answers', security: [], response: { 200: Ready, 503: Ready } },
    },
    async (_req, reply) => {
      const up = await app.database.ping();
      // Never cache a probe's answer.
      reply.header('cache-control', 'no-store');
      return up
        ? reply.code(200).send({ status: 'ready', database: 'up' })
        : reply.code(503).send({ status: 'unavailable', database: 'down' });
    },
  );
}
