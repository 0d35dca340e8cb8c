// Placeholder: OpenAPI at /api/docs — filled in by its owner.
import type { FastifyInstance } from 'fastify';

export async function registerDocs(_app: FastifyInstance): Promise<void> {}
