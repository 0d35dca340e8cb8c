// Audit rows for sign-in events: entity `user`, the caller's address, never a secret.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../audit';

export function auditAuth(
  app: FastifyInstance,
  request: FastifyRequest,
  action: string,
  opts: { userId?: string | null; detail?: Record<string, unknown> } = {},
): Promise<number> {
  return audit(app.db, {
    action,
    actorId: opts.userId ?? null,
    tenantId: request.tenantId,
    entity: opts.userId ? 'user' : null,
    entityId: opts.userId ?? null,
    detail: opts.detail ?? null,
    ip: request.ip,
  });
}
