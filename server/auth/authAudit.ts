// Audit rows for sign-in events: entity `user`, the caller's address, never a secret. The row is the
// user's, so their companies' (not the X-Tenant the request sent: anyone may send a sign-in with any
// header); an event naming no user is nobody's.
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
    owner: opts.userId ? { user: opts.userId } : null,
    entity: opts.userId ? 'user' : null,
    entityId: opts.userId ?? null,
    detail: opts.detail ?? null,
    ip: request.ip,
  });
}
