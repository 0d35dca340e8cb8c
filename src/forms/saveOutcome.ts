// What a save came to, whichever way it was sent: the dataProvider (which throws react-admin's
// HttpError with body { message, errors }) or a direct call answering the API's convention.
import { isSuccess, type ApiResult } from '../../providers/httpClient';
import { conflictOf, type RecordConflict } from '../../contract/conflicts';
import type { RecordData } from './fieldModel';

export type SaveOutcome =
  /** message: the server's data.message, without a trailing period (the form adds ". Redirecting..."). */
  | { ok: true; message: string | null }
  /**
   * error: the line the form shows; fieldErrors: the server's messages by field name; conflict: the
   * record changed since the version the save was based on (409, docs/resources.md "Versions and conflicts").
   */
  | { ok: false; error: string; fieldErrors: Record<string, string>; conflict?: RecordConflict };

/** What a save is based on: the record's version as the form loaded it (none on create). */
export interface SaveOptions {
  version?: number;
}

export type SaveFn = (body: RecordData, options?: SaveOptions) => Promise<SaveOutcome>;

/** Texts of a failed save: the resource's failure line, and the one for no answer at all. */
export interface FailureTexts {
  failed: string;
  noAnswer: string;
}

const trimPeriods = (s: string) => s.trim().replace(/\.+$/, '');

export function successText(data: unknown): string | null {
  const m = data && typeof data === 'object' ? (data as { message?: unknown }).message : undefined;
  return typeof m === 'string' && trimPeriods(m) ? trimPeriods(m) : null;
}

/** { field: ['a', 'b'] } or { field: 'a' } → { field: 'a' } */
export function firstFieldMessages(errors: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!errors || typeof errors !== 'object') return out;
  for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first) out[field] = first;
  }
  return out;
}

/**
 * The resource's failure line; when no field carries the reason (a 409 such as "You cannot
 * disable your own account."), the server's message follows it so the person learns why.
 */
function failed(texts: FailureTexts, serverMessage: unknown, fieldErrors: Record<string, string>): SaveOutcome {
  const reason = typeof serverMessage === 'string' ? trimPeriods(serverMessage) : '';
  const error = reason && Object.keys(fieldErrors).length === 0 ? `${texts.failed}. ${reason}.` : texts.failed;
  return { ok: false, error, fieldErrors };
}

/** A thrown dataProvider error. Status 0 (or none) means the server never answered. */
export function failureOf(error: unknown, texts: FailureTexts): SaveOutcome {
  const e = (error ?? {}) as {
    status?: unknown;
    message?: unknown;
    body?: { errors?: unknown; message?: unknown } | null;
  };
  if (typeof e.status !== 'number' || e.status === 0) return { ok: false, error: texts.noAnswer, fieldErrors: {} };
  const conflict = e.status === 409 ? conflictOf(e.body) : null;
  const outcome = failed(texts, e.body?.message ?? e.message, firstFieldMessages(e.body?.errors));
  return conflict && !outcome.ok ? { ...outcome, conflict } : outcome;
}

/** A direct call's answer (httpClient: undefined when the request itself failed). */
export function outcomeOf(res: ApiResult | undefined, texts: FailureTexts): SaveOutcome {
  if (!res) return { ok: false, error: texts.noAnswer, fieldErrors: {} };
  const answer: ApiResult = res; // isSuccess narrows `res` to never on its false branch
  if (isSuccess(res)) return { ok: true, message: successText(res.data) };
  return failed(texts, answer.message, firstFieldMessages(answer.errors));
}
