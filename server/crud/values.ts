// Body values → column values. PUT changes only what it is sent (react-admin sends the whole record,
// other clients may send less); text is trimmed and '' stored as NULL.
import { FieldErrors, MSG } from '../http/fieldErrors';

/** Trimmed text; '' and null → null. */
export function cleanText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export const isPresent = (body: object, key: string) =>
  Object.hasOwn(body, key) && (body as Record<string, unknown>)[key] !== undefined;

/**
 * The columns of the body keys that were sent: `map` is body key → column key. Strings are cleaned,
 * numbers, booleans and null pass as they are (the schema already checked them).
 */
export function columnsFrom<Row>(body: object, map: Readonly<Record<string, keyof Row & string>>): Partial<Row> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(map)) {
    if (!isPresent(body, key)) continue;
    const value = (body as Record<string, unknown>)[key];
    out[column] = typeof value === 'string' ? cleanText(value) : value;
  }
  return out as Partial<Row>;
}

/** A required text that may not be blank once trimmed; null (with an error added) when it is. */
export function requiredText(errors: FieldErrors, field: string, value: string | null | undefined): string | null {
  const text = cleanText(value);
  if (text === null) errors.add(field, MSG.required(field));
  return text;
}
