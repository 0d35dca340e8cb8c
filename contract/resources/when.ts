// Conditional fields (docs/resources.md "Fields", `when`): a field shown, and required, only while
// another field has one of some values. Written once here, read by both sides: the server clears the
// field and checks its requirement by it (server/crud/routes.ts), the form hides it by it
// (src/forms/), and the OpenAPI entry and the form definition carry it.

/** A value the controlling field may have: a choice's option, or a checkbox's true/false. */
export type WhenValue = string | boolean;

/** The condition as declared: `{ field: 'provider', is: 'Power BI' }` or `is: ['Power BI', 'Tableau']`. */
export interface WhenOpt {
  field: string;
  is: WhenValue | readonly WhenValue[];
}

/** The condition as a field holds it (and the form definition sends it): `is` always a list. */
export interface FieldWhen {
  field: string;
  is: WhenValue[];
}

export const whenOf = (o: WhenOpt): FieldWhen => ({
  field: o.field,
  is: Array.isArray(o.is) ? [...(o.is as readonly WhenValue[])] : [o.is as WhenValue],
});

/** A value against the condition's values: compared as text (a form holds "true" or true alike); a list holds when one
 * of its values does. */
function matches(value: unknown, is: readonly WhenValue[]): boolean {
  if (Array.isArray(value)) return value.some((v) => matches(v, is));
  if (value === null || value === undefined || value === '') return false;
  if (typeof value !== 'string' && typeof value !== 'boolean' && typeof value !== 'number') return false;
  return is.some((x) => String(x) === String(value));
}

/**
 * Whether the field `name` is shown (its condition holds), given each field's condition and value. A
 * field whose controlling field is itself hidden is hidden too (a hidden field's value is cleared).
 */
export function shown(
  name: string,
  conditionOf: (name: string) => FieldWhen | undefined,
  valueOf: (name: string) => unknown,
  seen: ReadonlySet<string> = new Set(),
): boolean {
  const when = conditionOf(name);
  if (!when) return true;
  // A loop of conditions never holds (the start-up check refuses one anyway).
  if (seen.has(name)) return false;
  const next = new Set(seen).add(name);
  return shown(when.field, conditionOf, valueOf, next) && matches(valueOf(when.field), when.is);
}

/** The condition in words: "provider is Power BI", "provider is Power BI or Tableau". */
export function whenText(when: FieldWhen, label: string): string {
  const values = when.is.map(String);
  const list = values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}` : values[0];
  return `${label} is ${list}`;
}
