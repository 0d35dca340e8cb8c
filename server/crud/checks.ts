// The checks of a create or update that the schema cannot make (docs/resources.md "Fields"), split
// so that one record (operations.ts) and a batch of an import's rows (./importBatch.ts) go through
// the very same rules: the part of one body that needs nothing but the body, its stored record and
// the checkbox lists' options, and the references' part answered from ids read once for many bodies.
import type { ResourceDecl } from '../../contract/resources/declare';
import { FieldErrors, MSG } from '../http/fieldErrors';
import { requiredText } from './values';
import { applyConditions } from './conditions';
import { checkMoney } from './money';
import { checkSince } from './since';
import { inOptionOrder } from './multiChoice';
import { fileIdsOf } from './fileFields';
import type { CrudQueries, LiveRefs } from './queries';

type Body = Record<string, unknown>;

/**
 * Conditional fields (cleared when hidden, required while shown), required text blank once trimmed,
 * a money amount's range, each multi-choice put in the options' order and each checkbox list trimmed,
 * without repeats and among its options. Answers the body as it is written and the errors found.
 */
export function checkFields(
  decl: ResourceDecl,
  sent: Body,
  before: Body | null,
  options: Record<string, Record<string, string>>,
): { body: Body; errors: FieldErrors } {
  const errors = new FieldErrors();
  const body = { ...sent };
  // A file sent as read (`{ id, name, … }`) is its id.
  fileIdsOf(decl, body, errors);
  // First, so a hidden field's value (cleared) is checked no further.
  applyConditions(decl, body, before, errors);
  checkSince(decl, body, before, errors);
  for (const [name, f] of Object.entries(decl.fields)) {
    if (f.required && (f.type === 'text' || f.type === 'textarea' || f.type === 'email') && body[name] !== undefined)
      requiredText(errors, name, body[name] as string);
    if (f.type === 'money') checkMoney(errors, name, f, body[name]);
    if (f.type === 'multichoice' && body[name] !== undefined) body[name] = inOptionOrder(f, body[name]);
    if (!('many' in f) || !Array.isArray(body[name])) continue;
    const values = [...new Set((body[name] as string[]).map((v) => v.trim()).filter((v) => v !== ''))];
    for (const v of values)
      if (!Object.hasOwn(options[name], v)) errors.add(name, f.many.unknown.replace('{value}', v));
    body[name] = values;
  }
  return { body, errors };
}

/** Each reference of the body outside the company or in the trash, as a field error (`live`: CrudQueries.liveRefs of
 * the bodies). */
export function checkRefs(q: CrudQueries, body: Body, live: LiveRefs, errors: FieldErrors): void {
  for (const bad of q.badRefsIn(body, live)) errors.add(bad.field, MSG.selectedInvalid(bad.as));
}
