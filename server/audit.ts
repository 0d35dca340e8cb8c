// Audit rows (DESIGN §3): who did what to which record, with before/after of changed fields.
// Secret-looking fields are masked before they are written.
import type { FastifyRequest } from 'fastify';
import type { Db } from './db';
import { auditLog } from './db/schema';

// "bypass" (bypass_sso) is not a secret.
const SECRET = /(?<!by)pass(word)?|secret|token|code|key|session|hash/i;

export interface AuditEntry {
  action: string;
  actorId?: string | null;
  tenantId?: string | null;
  entity?: string | null;
  entityId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  detail?: Record<string, unknown> | null;
  ip?: string | null;
}

/** Only the fields that changed, secrets masked. */
export function diff(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined) {
  const changes: Record<string, { before?: unknown; after?: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const b = before?.[key];
    const a = after?.[key];
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    changes[key] = SECRET.test(key) ? { before: b === undefined ? undefined : '***', after: a === undefined ? undefined : '***' } : { before: b, after: a };
  }
  return changes;
}

export function maskSecrets(detail: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!detail) return null;
  return Object.fromEntries(Object.entries(detail).map(([k, v]) => [k, SECRET.test(k) ? '***' : v]));
}

export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  const changes = entry.before !== undefined || entry.after !== undefined ? diff(entry.before, entry.after) : null;
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actorId ?? null,
    tenantId: entry.tenantId ?? null,
    entity: entry.entity ?? null,
    entityId: entry.entityId ?? null,
    changes,
    detail: maskSecrets(entry.detail),
    ip: entry.ip ?? null,
  });
}

/** The request's address, as Fastify resolved it (honours TRUST_PROXY). */
export const requestIp = (req: FastifyRequest) => req.ip;
