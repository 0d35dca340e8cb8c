// Placeholder: helmet, CSP, compression — filled in by its owner.
import type { FastifyInstance } from 'fastify';

export async function registerSecurity(_app: FastifyInstance): Promise<void> {}
