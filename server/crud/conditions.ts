// Conditional fields on the server (docs/resources.md "Fields", `when`): the same condition the form
// hides a field by (contract/resources/when.ts). On create and update, with the record as it will be
// (the stored values under what is sent): a field whose condition does not hold is written cleared
// whatever was sent, and one required while it holds must then have a value (422 on that field).
// The OpenAPI entry states the condition in words and as `x-olympus-when`.
import { IsOptional, Type, type TSchema } from 'typebox';
import type { FieldDecl, ResourceDecl } from '../../contract/resources/declare';
import { shown, whenText } from '../../contract/resources/when';
import type { FieldErrors } from '../http/fieldErrors';
import { WHEN_KEYWORD } from './extensions';

type Body = Record<string, unknown>;

const label = (field: string) => field.replace(/_/g, ' ');

/** What a hidden field is stored as: none chosen for a list, unticked for a checkbox, else null. */
export const clearedValue = (f: FieldDecl): unknown =>
  f.type === 'multichoice' || 'many' in f ? [] : f.type === 'checkbox' ? false : null;

const clearedText = (f: FieldDecl) =>
  f.type === 'multichoice' || 'many' in f ? 'an empty list' : f.type === 'checkbox' ? 'false' : 'null';

/** The body schema with its condition for the OpenAPI document (ajv takes the keyword as an annotation: server/app.ts).
 */
export function withCondition(schema: TSchema, f: FieldDecl): TSchema {
  if (!f.when) return schema;
  const condition = whenText(f.when, label(f.when.field));
  const description = `${f.when.required ? 'Required' : 'Used'} when ${condition}; otherwise stored as ${clearedText(f)}, whatever is sent.`;
  const annotated = {
    ...schema,
    description,
    [WHEN_KEYWORD]: { field: f.when.field, is: [...f.when.is], required: f.when.required },
  };
  // TypeBox marks an optional property with a key no spread copies: mark it again.
  return IsOptional(schema) ? Type.Optional(annotated) : annotated;
}

const blank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * Clears the body's hidden fields and adds a field error for each one required while shown and left
 * without a value. `before`: the stored record (null on create), under which the body is read.
 */
export function applyConditions(decl: ResourceDecl, body: Body, before: Body | null, errors: FieldErrors): void {
  const conditional = Object.entries(decl.fields).filter(([, f]) => f.when && !f.readOnly);
  if (conditional.length === 0) return;
  const state: Body = { ...(before ?? {}), ...body };
  const conditionOf = (name: string) => (Object.hasOwn(decl.fields, name) ? decl.fields[name].when : undefined);
  // Declaration order: a field controlled by a hidden one is hidden too (shown() follows the chain).
  for (const [name, f] of conditional) {
    if (!shown(name, conditionOf, (n) => state[n])) {
      body[name] = clearedValue(f);
      state[name] = body[name];
    } else if (f.when?.required && blank(state[name])) {
      errors.add(name, `The ${label(name)} field is required when ${whenText(f.when, label(f.when.field))}.`);
    }
  }
}
