// Audit rows: who did what to which record, with before/after of changed fields.
// Secret-looking fields are masked before they are written.
import type { FastifyRequest } from 'fastify';
import type { Db } from './db';
import { insertRows } from './db/recordset';
import { auditLog } from './db/schema';

/**
 * Words that make a field secret, matched against whole words of its name (snake_case, camelCase,
 * kebab-case), so `verification_code`, `client_secret` and `apiKey` are masked while `postcode`,
 * `bypass_sso` and `keyboard` are kept.
 */
const SECRET_WORDS = new Set(['password', 'passwd', 'pass', 'passphrase', 'pwd', 'secret', 'token', 'code', 'key', 'session', 'hash', 'otp', 'totp', 'pin', 'credential', 'credentials', 'cookie', 'authorization', 'signature', 'salt']);
/** Whole names that are secret though none of their words is (`apikey`, `accesstoken` …). */
const SECRET_NAMES = /^(api|access|refresh|id|private|secret|client)(key|token|secret)s?$/i;

/** The names judged so far: an audit row asks about each of its keys, and a batch's rows share theirs. */
const judged = new Map<string, boolean>();
const JUDGED_MAX = 10_000;

/** Whether a field name names a secret (see SECRET_WORDS). */
export function isSecretKey(name: string): boolean {
  let secret = judged.get(name);
  if (secret === undefined) {
    secret = judgeKey(name);
    if (judged.size < JUDGED_MAX) judged.set(name, secret);
  }
  return secret;
}

function judgeKey(name: string): boolean {
  if (SECRET_NAMES.test(name)) return true;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  return words.some((w) => SECRET_WORDS.has(w) || (w.endsWith('s') && SECRET_WORDS.has(w.slice(0, -1))));
}

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
    changes[key] = isSecretKey(key) ? { before: b === undefined ? undefined : '***', after: a === undefined ? undefined : '***' } : { before: b, after: a };
  }
  return changes;
}

export function maskSecrets(detail: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!detail) return null;
  return Object.fromEntries(Object.entries(detail).map(([k, v]) => [k, isSecretKey(k) ? '***' : v]));
}

/** An entry as its audit_log row: the changed fields diffed, secrets masked. */
function auditValues(entry: AuditEntry) {
  const changes = entry.before !== undefined || entry.after !== undefined ? diff(entry.before, entry.after) : null;
  return {
    action: entry.action,
    actorId: entry.actorId ?? null,
    tenantId: entry.tenantId ?? null,
    entity: entry.entity ?? null,
    entityId: entry.entityId ?? null,
    changes,
    detail: maskSecrets(entry.detail),
    ip: entry.ip ?? null,
  };
}

/** Writes one audit row; answers its id (a bulk change's entry is named by each of its rows). */
export async function audit(db: Db, entry: AuditEntry): Promise<number> {
  const [row] = await db.insert(auditLog).values(auditValues(entry)).returning({ id: auditLog.id });
  return row.id;
}

/** Writes many audit rows, in their order, with one insert (an import's batch); each row as audit() writes it. */
export async function auditMany(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map(auditValues);
  await db.execute(insertRows(auditLog, Object.keys(rows[0]), rows));
}

/** The request's address, as Fastify resolved it (honours TRUST_PROXY). */
export const requestIp = (req: FastifyRequest) => req.ip;
