// Reading the API's failure answers (its convention: a top-level message means error, `errors`
// maps fields to messages) into what the screens show.
import type { ApiResult } from '../../../providers/httpClient';

/** The server's message without trailing periods (the screens add exactly one), or null. */
export function serverMessage(res: ApiResult | undefined): string | null {
  const m = res?.message;
  if (typeof m !== 'string') return null;
  const trimmed = m.trim().replace(/\.+$/, '');
  return trimmed || null;
}

/** First message per field of the server's `errors` object. */
export function fieldErrors(res: ApiResult | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const errors = res?.errors;
  if (!errors || typeof errors !== 'object') return out;
  for (const [field, value] of Object.entries(errors)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first) out[field] = first;
  }
  return out;
}

/** data.message of a successful answer, when it has one. */
export function successMessage(res: ApiResult<{ message?: string }> | undefined): string | null {
  const m = res?.data?.message;
  return typeof m === 'string' && m ? m : null;
}

/** A failed call's text: the server's message with one trailing period, else "Something went wrong". */
export function failureText(
  res: ApiResult | undefined,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string {
  const message = serverMessage(res);
  return message ? translate('olympus.auth.error.server', { message }) : translate('olympus.auth.error.generic');
}
