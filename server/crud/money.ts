// Money fields on the wire (docs/resources.md "Fields"): a decimal string, so no client loses a penny to
// floating point. Written with at most 2 places ("1250", "1250.5"; a JSON number is taken as its text:
// ajv coerces it), checked by a pattern (server/http/errors-plugin.ts words the 422) and against the
// declared range here; read from the `numeric(12,2)` column as its text, always with 2 places.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Type, type TSchema } from 'typebox';
import type { MoneyField } from '../../contract/resources/declare';
import { MONEY_PATTERN, MONEY_READ_PATTERN, moneyText } from '../../contract/resources/kinds';
import type { FieldErrors } from '../http/fieldErrors';
import { MONEY_KEYWORD } from './extensions';

const described = (f: MoneyField) =>
  `An amount in ${f.currency} from ${moneyText(f.min)} to ${moneyText(f.max)}: a decimal string with at most 2 places ("1250.50"; a number is taken as its text). Read back with exactly 2 places.`;

/** The body schema: required, a non-blank amount; optional, an amount or null ('' is null: trimKinds). */
export function moneyBody(f: MoneyField): TSchema {
  const about = {
    pattern: MONEY_PATTERN,
    description: described(f),
    [MONEY_KEYWORD]: { currency: f.currency, minimum: moneyText(f.min), maximum: moneyText(f.max) },
  };
  if (f.required) return Type.Unsafe<string>({ type: 'string', minLength: 1, ...about });
  return Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], ...about }));
}

/** The read shape: a decimal string with 2 places. */
export const moneyRead = (f: MoneyField): TSchema =>
  Type.String({ pattern: MONEY_READ_PATTERN, description: `An amount in ${f.currency}, e.g. "1250.00".` });

/** The column as the API reads it: PostgreSQL's text of a numeric(12,2) has exactly 2 places (JSON would make it a
 * number). */
export const moneyColumn = (column: AnyPgColumn): SQL => sql`${column}::text`;

const label = (field: string) => field.replace(/_/g, ' ');

/** The declared range, on an amount the pattern let through (at most 12 digits: a double compares them exactly enough).
 */
export function checkMoney(
  errors: FieldErrors,
  name: string,
  f: Pick<MoneyField, 'min' | 'max'>,
  value: unknown,
): void {
  if (typeof value !== 'string' || value.trim() === '') return;
  const n = Number(value);
  if (n < f.min) errors.add(name, `The ${label(name)} must be at least ${moneyText(f.min)}.`);
  if (n > f.max) errors.add(name, `The ${label(name)} may not be greater than ${moneyText(f.max)}.`);
}
