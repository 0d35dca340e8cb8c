// Audit rows: who did what to which record, with before/after of changed fields.
// Secret-looking fields are masked before they are written.
import type { FastifyRequest } from 'fastify';
import type { Db } from './db';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from './db/rows';

/**
 * Words that make a field secret, matched against whole words of its name (snake_case, camelCase,
 * kebab-case), so `verification_code`, `client_secret` and `apiKey` are masked while `postcode`,
 * `bypass_sso` and `keyboard` are kept.
 */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'pass',
  'passphrase',
  'pwd',
  'secret',
  'token',
  'code',
  'key',
  'session',
  'hash',
  'otp',
  'totp',
  'pin',
  'credential',
  'credentials',
  'cookie',
  'authorization',
  'signature',
  'salt',
]);
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

/**
 * Whose row it is: the company of the record it is about, never the company the request named
 * (docs/security.md "The audit log"). `company`: a record of one company (its company_id), or a
 * company itself. `user`: a user or a sign-in event of one, owned by the companies the user belongs
 * to when the row is written (read by the insert itself from user_companies), with `companies` added
 * (memberships the change itself ended, so the companies a user left still see that they left).
 * null: nobody's (a global record such as a role, an unknown address's failed sign-in): super admins only.
 */
export type AuditOwner = { company: string } | { user: string; companies?: readonly unknown[] };

export interface AuditEntry {
  action: string;
  /** Required, so that every writer says whose record it is. */
  owner: AuditOwner | null;
  actorId?: string | null;
  entity?: string | null;
  entityId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /**
   * diff(before, after) when the writer already made it (a batch decides each record's version by it): not
   * made again.
   */
  changes?: Changes;
  detail?: Record<string, unknown> | null;
  ip?: string | null;
}

export type Changes = Record<string, { before?: unknown; after?: unknown }>;

/** Only the fields that changed, secrets masked. */
export function diff(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Changes {
  const changes: Changes = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const b = before?.[key];
    const a = after?.[key];
    // The same value (most fields of a record changed in bulk) needs no serialising to be told so.
    if (b === a || JSON.stringify(b) === JSON.stringify(a)) continue;
    changes[key] = isSecretKey(key)
      ? { before: b === undefined ? undefined : '***', after: a === undefined ? undefined : '***' }
      : { before: b, after: a };
  }
  return changes;
}

export function maskSecrets(detail: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!detail) return null;
  return Object.fromEntries(Object.entries(detail).map(([k, v]) => [k, isSecretKey(k) ? '***' : v]));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuidText = (c: unknown): c is string => typeof c === 'string' && UUID.test(c);

/** An entry as the insert's record: the changed fields diffed, secrets masked, the owner as its columns. */
function auditValues(entry: AuditEntry) {
  const changes =
    entry.changes ?? (entry.before !== undefined || entry.after !== undefined ? diff(entry.before, entry.after) : null);
  const owner = entry.owner;
  const byUser = owner && 'user' in owner ? owner : null;
  return {
    action: entry.action,
    actor_id: entry.actorId ?? null,
    tenant_id: owner && 'company' in owner ? owner.company : null,
    entity: entry.entity ?? null,
    entity_id: entry.entityId ?? null,
    changes,
    detail: maskSecrets(entry.detail),
    ip: entry.ip ?? null,
    owner_user: byUser?.user ?? null,
    // Only ids: a membership list is whatever an audit view kept (ids, or objects of another shape).
    owner_companies: byUser ? (byUser.companies ?? []).filter(isUuidText) : null,
  };
}

const RECORD = [
  ...['action text', 'actor_id uuid', 'tenant_id uuid', 'entity text', 'entity_id text'],
  ...['changes jsonb', 'detail jsonb', 'ip text', 'owner_user uuid', 'owner_companies uuid[]'],
];
const RECORD_TYPES = RECORD.join(', ');
const RECORD_NAMES = RECORD.map((c) => c.split(' ')[0]).join(', ');

/**
 * The rows in one statement, in their order, from one jsonb parameter: a user-owned row's companies
 * are read here, in the insert, so they are the user's memberships as the row is written.
 */
function insertAudit(entries: readonly AuditEntry[]): SQL {
  const json = JSON.stringify(entries.map(auditValues));
  return sql`insert into audit_log (action, actor_id, tenant_id, entity, entity_id, changes, detail, ip, company_ids)
    select v.action, v.actor_id, v.tenant_id, v.entity, v.entity_id, v.changes, v.detail, v.ip,
      case when v.owner_user is null then null else array(
        select c from (select uc.company_id as c from user_companies uc where uc.user_id = v.owner_user
          union select unnest(v.owner_companies)) owned order by c) end
    from rows from (jsonb_to_recordset(${json}::jsonb) as (${sql.raw(RECORD_TYPES)}))
      with ordinality as v(${sql.raw(RECORD_NAMES)}, n)
    order by v.n`;
}

/** Writes one audit row; answers its id (a bulk change's entry is named by each of its rows). */
export async function audit(db: Db, entry: AuditEntry): Promise<number> {
  const [row] = rowsOf<{ id: number | string }>(await db.execute(sql`${insertAudit([entry])} returning id`));
  return Number(row.id);
}

/** Writes many audit rows, in their order, with one insert (an import's batch); each row as audit() writes it. */
export async function auditMany(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.execute(insertAudit(entries));
}

/** The request's address, as Fastify resolved it (honours TRUST_PROXY). */
export const requestIp = (req: FastifyRequest) => req.ip;
