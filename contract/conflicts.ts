// A change refused because the record changed since the version it was based on (docs/resources.md
// "Versions and conflicts"): the 409's `conflict`, as the server answers it and the forms read it.

/** One field changed after the version the refused change was based on. */
export interface ConflictChange {
  /** The field's key, as declared and as the bodies name it. */
  field: string;
  /** The declared label; null for a key the declaration does not name. */
  label: string | null;
  /** The value the refused change sent, when it sent the field. */
  yours?: unknown;
  /** The value stored now, as the change that made it left it. */
  theirs: unknown;
  /** Who made that change (null: the system; `hidden`: someone outside the caller's companies, not named). */
  by: { id: string; name: string } | { id: null; name: null; hidden: true } | null;
  /** When, ISO 8601. */
  at: string;
}

export interface RecordConflict {
  /** The record's version now: a change based on it saves over the changes below. */
  version: number;
  /** The version the refused change was based on. */
  since: number;
  changes: ConflictChange[];
}

/** The `conflict` of a 409 answer's body, when it has one. */
export function conflictOf(body: unknown): RecordConflict | null {
  const c = body && typeof body === 'object' ? (body as { conflict?: unknown }).conflict : undefined;
  if (!c || typeof c !== 'object') return null;
  const { version, since, changes } = c as Partial<RecordConflict>;
  return typeof version === 'number' && typeof since === 'number' && Array.isArray(changes)
    ? { version, since, changes }
    : null;
}
