// A declared resource's list filters on the server (docs/resources.md "Filters"): the list route's
// query parameters (validated by ajv, so junk answers 422 naming the parameter, and shown in the
// OpenAPI document) and their SQL condition, ANDed with the tenant, the scope and the search, for a
// page and a whole list alike. A reference filter is a condition on the record's own column: a record
// of another company matches nothing; an optional reference's `none` (REF_NONE) matches the records
// without one.
import { and, eq, gte, ilike, inArray, is, isNull, lte, sql, SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Type, type TSchema } from 'typebox';
import { filtersOf, REF_NONE, type ResolvedFilter } from '../../contract/resources/filters';
import type { ResourceDecl } from '../../contract/resources/declare';
import { MONEY_PATTERN, moneyText } from '../../contract/resources/kinds';
import { isUuid, likePattern } from '../db/conn';
import { checkMoney } from './money';
import { FieldErrors, MSG } from '../http/fieldErrors';

/** More values of one choice filter than this answer 422 (a choice has a handful of options). */
const CHOICES_MAX = 100;
const TEXT_MAX = 200;

const label = (param: string) => param.replace(/_/g, ' ');

/** The query parameters of the declared filters (the list route's querystring adds them). */
export function filterProperties(decl: ResourceDecl): Record<string, TSchema> {
  const out: Record<string, TSchema> = {};
  for (const f of filtersOf(decl)) {
    const name = label(f.key);
    switch (f.kind) {
      case 'choice':
        // A single value is taken as a list of one (ajv's coerceTypes: 'array').
        out[f.param] = Type.Optional(
          Type.Array(Type.Unsafe<string>({ type: 'string', enum: [...f.options] }), {
            maxItems: CHOICES_MAX,
            description: `Only the ${decl.noun.many} whose ${name} is one of these (repeat the parameter for several)`,
          }),
        );
        break;
      case 'ref':
        out[f.param] = Type.Optional(
          Type.String({
            maxLength: 64,
            description: f.optional
              ? `Only the ${decl.noun.many} of this ${name} (its uuid), or \`${REF_NONE}\` for those without one`
              : `Only the ${decl.noun.many} of this ${name} (its uuid)`,
          }),
        );
        break;
      case 'checkbox':
        out[f.param] = Type.Optional(
          Type.Boolean({ description: `Only the ${decl.noun.many} that are (true) or are not (false) ${name}` }),
        );
        break;
      case 'text':
        out[f.param] = Type.Optional(
          Type.String({
            maxLength: TEXT_MAX,
            description: `Only the ${decl.noun.many} whose ${name} contains this (case-insensitive)`,
          }),
        );
        break;
      case 'number': {
        const bound = (end: string) => {
          const o = {
            minimum: f.min,
            maximum: f.max,
            description: `Only the ${decl.noun.many} with ${name} ${end} (included)`,
          };
          return Type.Optional(f.integer ? Type.Integer(o) : Type.Number(o));
        };
        out[f.lower] = bound('at least this');
        out[f.upper] = bound('at most this');
        break;
      }
      case 'money': {
        // A decimal string, as money is written (./money.ts): compared exactly with the numeric column.
        const amount = (end: string) =>
          Type.Optional(
            Type.String({
              pattern: MONEY_PATTERN,
              description: `Only the ${decl.noun.many} with ${name} ${end} (included): an amount in ${f.currency} from ${moneyText(f.min)} to ${moneyText(f.max)}, a decimal string with at most 2 places ("1250.50")`,
            }),
          );
        out[f.lower] = amount('at least this');
        out[f.upper] = amount('at most this');
        break;
      }
      case 'date':
        out[f.lower] = Type.Optional(
          Type.String({
            format: 'date',
            description: `Only the ${decl.noun.many} with ${name} on or after this day (Y-m-d)`,
          }),
        );
        out[f.upper] = Type.Optional(
          Type.String({
            format: 'date',
            description: `Only the ${decl.noun.many} with ${name} on or before this day (Y-m-d)`,
          }),
        );
        break;
    }
  }
  return out;
}

/** The condition of one filter over the query (already checked by the schema), or undefined when it is not given. */
function conditionOf(
  f: ResolvedFilter,
  column: SQL,
  query: Record<string, unknown>,
  errors: FieldErrors,
): SQL | undefined {
  if (f.kind === 'money') {
    const given = (param: string) => {
      const v = query[param];
      if (typeof v !== 'string' || v === '') return undefined;
      checkMoney(errors, param, f, v);
      return v;
    };
    const lower = given(f.lower);
    const upper = given(f.upper);
    // At most 12 digits with 2 places: two different amounts are two different doubles, in order.
    if (lower !== undefined && upper !== undefined && Number(lower) > Number(upper)) {
      errors.add(f.upper, `The ${label(f.upper)} must be greater than or equal to the ${label(f.lower)}.`);
    }
    // The amounts go as text parameters, which PostgreSQL reads as numeric beside the column: exact.
    return and(
      lower !== undefined ? gte(column, lower) : undefined,
      upper !== undefined ? lte(column, upper) : undefined,
    );
  }
  if (f.kind === 'number' || f.kind === 'date') {
    const lower = query[f.lower];
    const upper = query[f.upper];
    const has = (v: unknown) => (f.kind === 'number' ? typeof v === 'number' : typeof v === 'string');
    if (has(lower) && has(upper) && (lower as number | string) > (upper as number | string)) {
      errors.add(
        f.upper,
        f.kind === 'number'
          ? `The ${label(f.upper)} must be greater than or equal to the ${label(f.lower)}.`
          : `The ${label(f.upper)} must be a date after or equal to the ${label(f.lower)}.`,
      );
    }
    return and(has(lower) ? gte(column, lower) : undefined, has(upper) ? lte(column, upper) : undefined);
  }
  const value = query[f.param];
  switch (f.kind) {
    case 'choice':
      return Array.isArray(value) && value.length > 0 ? inArray(column, [...new Set(value as string[])]) : undefined;
    case 'ref':
      if (typeof value !== 'string' || value === '') return undefined;
      // An optional reference's sentinel: the records without one.
      if (value === REF_NONE && f.optional) return isNull(column);
      // Not a uuid (`none` on a required reference too): the same answer as a body naming no record of the company
      // (./routes.ts check).
      if (!isUuid(value)) errors.add(f.param, MSG.selectedInvalid(f.key));
      return eq(column, value);
    case 'checkbox':
      return typeof value === 'boolean' ? eq(column, value) : undefined;
    case 'text':
      return typeof value === 'string' && value.trim() !== '' ? ilike(column, likePattern(value.trim())) : undefined;
  }
}

/**
 * The declared filters as one condition over the query (undefined when none is given), and whether
 * any was. Answers 422 for what the schema cannot check: a range whose lower end is past its upper
 * end, an amount outside its field's range, a reference that is not a uuid.
 */
export function filterCondition(
  filters: readonly ResolvedFilter[],
  columnOf: (field: string) => AnyPgColumn | SQL,
  query: object,
): { where: SQL | undefined; filtered: boolean } {
  if (filters.length === 0) return { where: undefined, filtered: false };
  // The route's querystring, validated by its schema (filterProperties).
  const values = query as Record<string, unknown>;
  const errors = new FieldErrors();
  // A column or a computed field's SQL (docs/resources.md "Computed fields"), compared as one expression.
  const expr = (field: string): SQL => {
    const c = columnOf(field);
    return is(c, SQL) ? c : sql`${c}`;
  };
  const parts = filters.map((f) => conditionOf(f, expr(f.field), values, errors)).filter((c) => c !== undefined);
  errors.throwIfAny();
  return { where: parts.length ? and(...parts) : undefined, filtered: parts.length > 0 };
}
