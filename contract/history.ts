// A declared record's history as the API answers it and the edit screen shows it
// (docs/resources.md "History"): GET /api/v1/{resource}/{id}/history, newest first.

/** The most entries one page of history holds. */
export const HISTORY_PER_PAGE_MAX = 100;

/** One field of a change: its form label, and the values before and after (secrets only as changed). */
export interface HistoryChange {
  field: string;
  label: string;
  /** The edit form's field type (checkbox, date, money, select …), for showing the values. */
  type?: string;
  currency?: string;
  secret?: boolean;
  before?: unknown;
  after?: unknown;
  /** value → name, for references and options. */
  names?: Record<string, string>;
}

export interface HistoryEntry {
  id: string;
  at: string;
  /** The audit action, e.g. `unit.updated`. */
  action: string;
  /** `restored`: brought back from the trash (docs/resources.md "Trash"). */
  kind: 'created' | 'updated' | 'deleted' | 'restored' | 'other';
  /**
   * Who did it; null for the server itself, a null name for a user deleted since; `hidden` for someone
   * outside the caller's companies, whom the caller may not see named.
   */
  actor: { id: string; name: string | null } | { id: null; name: null; hidden: true } | null;
  /** The entry this change restored. */
  restored_from?: string;
  /** The newest entry: the record is as it left it. */
  current: boolean;
  changes: HistoryChange[];
}

/** What a restore answers (`data.message`): the SPA tells them apart to say which happened in its own words. */
export const RESTORE_MESSAGES = {
  restored: 'The version was restored.',
  nothing: 'Nothing to restore: the record is already as it was in this version.',
} as const;
