// Multi-choice fields (docs/resources.md "Fields"): several of fixed options in one `text[]` column.
// The body sends the whole set (a single string is taken as a set of one: ajv coerces it); each value
// must be an option and none may repeat (enum items, uniqueItems: published in the OpenAPI document).
// What is written, and read, is in the options' order.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Type, type TSchema } from 'typebox';
import type { MultiChoiceField } from '../../contract/resources/declare';

const item = (f: MultiChoiceField) => Type.Unsafe<string>({ type: 'string', enum: [...f.options] });

/** The body schema: required, at least one; optional, any of them, none or null (none). */
export function multiChoiceBody(f: MultiChoiceField): TSchema {
  const rules = { items: item(f), uniqueItems: true, maxItems: f.options.length };
  if (f.required) return Type.Unsafe<string[]>({ type: 'array', minItems: 1, ...rules });
  return Type.Optional(Type.Unsafe<string[] | null>({ type: ['array', 'null'], ...rules }));
}

export const multiChoiceRead = (f: MultiChoiceField): TSchema => Type.Array(item(f), { uniqueItems: true });

/** The column as a JSON array (never null: none chosen is []). */
export const multiChoiceColumn = (column: AnyPgColumn): SQL => sql`coalesce(to_json(${column}), '[]'::json)`;

/** What is written: the values sent in the options' order; null is none. */
export const inOptionOrder = (f: MultiChoiceField, sent: unknown): string[] =>
  Array.isArray(sent) ? f.options.filter((o) => sent.includes(o)) : [];
