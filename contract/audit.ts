// The audit log as the API answers it (GET /api/v1/audit) and the audit screen shows it
// (/dashboard/audit). Who sees which events, and how long they are kept: docs/security.md "The audit log".
import { DECLARED_RESOURCES } from './resources';
import type { ResolvedFilter } from './resources/filters';

export { AUDIT_PERMISSION } from './areas';

/** The API path under /api/v1 and the SPA's name for the list (react-admin's resource name). */
export const AUDIT_PATH = 'audit';

/** Days an audit row is kept when OLYMPUS_AUDIT_RETENTION_DAYS is not set. */
export const AUDIT_RETENTION_DEFAULT_DAYS = 400;
export const AUDIT_RETENTION_MIN_DAYS = 1;
export const AUDIT_RETENTION_MAX_DAYS = 36_500;

/** The audit row the server writes when it prunes old rows (detail: count, cutoff, retention_days). */
export const AUDIT_PRUNED_ACTION = 'audit.pruned';

/** What a changed secret is written as (server/audit.ts masks it before the row is written). */
export const MASKED = '***';

/** The query parameters of GET /audit that filter; `q` searches, `page`/`per_page` page. */
export const AUDIT_FILTER_PARAMS = ['actor', 'company', 'resource', 'action', 'from', 'to'] as const;
export type AuditFilterParam = (typeof AUDIT_FILTER_PARAMS)[number];

/**
 * The API resource name → the `entity` its audit rows carry: a declared resource's `noun.one`
 * (`units` → `unit`). Only these may be asked for with `resource`.
 */
export const AUDIT_ENTITY_OF: Readonly<Record<string, string>> = Object.fromEntries(
  DECLARED_RESOURCES.map((d) => [d.name, d.noun.one]),
);

/** The other way round: an audit row's entity → the API resource name (null for entities no declared resource has:
 * system, integration). */
export const auditResourceOf = (entity: string | null | undefined): string | null =>
  (entity && Object.entries(AUDIT_ENTITY_OF).find(([, one]) => one === entity)?.[0]) || null;

/**
 * The audit screen's filter bar, in the shared list filters' terms (src/lists/ListFilters.tsx): their
 * parameters are the API's and the screen's address's alike (`/dashboard/audit?actor=…&from=2025-03-01`).
 * Labels: the catalogue's `resources.audit.fields.{key}`.
 */
export const AUDIT_FILTERS: readonly ResolvedFilter[] = [
  // The audit API takes no `none` (REF_NONE) for these: the bar offers no "None".
  { kind: 'ref', key: 'actor', field: 'actor', param: 'actor', to: 'users', optional: false },
  { kind: 'ref', key: 'company', field: 'company', param: 'company', to: 'companies', optional: false },
  { kind: 'choice', key: 'resource', field: 'resource', param: 'resource', options: Object.keys(AUDIT_ENTITY_OF) },
  { kind: 'text', key: 'action', field: 'action', param: 'action' },
  { kind: 'date', key: 'at', field: 'at', lower: 'from', upper: 'to' },
];

export interface AuditChange {
  before?: unknown;
  after?: unknown;
}

export interface AuditRow {
  /** The row's number (newest rows have the highest). */
  id: number;
  /** ISO 8601 date-time, UTC. */
  at: string;
  /**
   * Who did it; null for the system (a timer, an unknown person signing in). Name and email null when
   * the user was removed; `hidden` (id, name and email null) for someone the caller may not see named.
   */
  actor: { id: string | null; name: string | null; email: string | null; hidden?: true } | null;
  /** The company whose record it is about; null for a user's and sign-in rows (theirs are the user's companies) and
   * global records. */
  company: { id: string; name: string | null } | null;
  action: string;
  /** What kind of record: a declared resource's noun (`unit`), or `system`, `integration`; null for none. */
  entity: string | null;
  /** The declared resource's API name (`units`) when the entity is one, for a link to its edit screen. */
  resource: string | null;
  /** The record's id. */
  entity_id: string | null;
  /** The record's name now, when it is a declared resource's record that still exists (else null). */
  record_label: string | null;
  ip: string | null;
  /** Changed fields: before and after; secrets written as MASKED. */
  changes: Record<string, AuditChange> | null;
  detail: Record<string, unknown> | null;
}
