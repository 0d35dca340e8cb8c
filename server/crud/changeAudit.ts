// Audit rows of resource changes: actor and address from the request, the owner from the record
// (never the request's X-Tenant: server/audit.ts AuditOwner), before/after of the changed fields (server/audit.ts diffs
// and masks). Written on the same connection as the
// change, so a rolled-back change leaves no audit row either.
import type { FastifyRequest } from 'fastify';
import { audit, auditMany, type AuditOwner, type Changes } from '../audit';
import type { Db } from '../db';
import type { Conn } from '../db/conn';

export interface ChangeEntry {
  action: string;
  /** Whose record it is. */
  owner: AuditOwner | null;
  entity: string;
  entityId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** diff(before, after), when the writer made it already. */
  changes?: Changes;
  detail?: Record<string, unknown> | null;
}

export function auditChange(conn: Conn, request: FastifyRequest, entry: ChangeEntry): Promise<number> {
  // A transaction is a PgDatabase too; audit() only inserts.
  return audit(conn as Db, { ...entry, actorId: request.auth?.userId ?? null, ip: request.ip });
}

/** auditChange of many entries of one request, with one insert. */
export function auditChanges(conn: Conn, request: FastifyRequest, entries: readonly ChangeEntry[]): Promise<void> {
  const who = { actorId: request.auth?.userId ?? null, ip: request.ip };
  return auditMany(
    conn as Db,
    entries.map((entry) => ({ ...entry, ...who })),
  );
}
