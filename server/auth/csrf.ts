// Placeholder: filled in by the module's owner.
import type { FastifyInstance } from 'fastify';

export default async function plugin(_app: FastifyInstance): Promise<void> {}
