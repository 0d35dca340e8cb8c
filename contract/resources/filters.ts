// Declared list filters (docs/resources.md "Filters"), like Django's list_filter or Filament's table
// filters: `list.filters: [choiceFilter('unit_type'), refFilter('property'), rangeFilter('bedrooms')]`.
// The builders are checked against the fields by the type checker (FilterOf): a key that is not a
// field of the filter's kind is a type error. Both sides read the resolved filters (filtersOf): the
// server derives the list route's query parameters and their SQL from them, the browser its filter bar.
import type { ResourceDecl } from './declare';

import type { FilterDecl } from './filterDecl';

export { checkboxFilter, choiceFilter, rangeFilter, refFilter, textFilter } from './filterDecl';
export type { FilterDecl, FilterKind, FilterOf } from './filterDecl';

interface Resolved {
  /** The declared key: its label is the catalogue's `resources.{spa}.fields.{key}`. */
  key: string;
  /** The field (and column) it filters. */
  field: string;
}
/** One query parameter (the API's and the list screen's address's). */
interface OneParam extends Resolved {
  param: string;
}
/** Two query parameters: the lower and upper ends, both included. */
interface TwoParams extends Resolved {
  lower: string;
  upper: string;
}
export type ResolvedFilter =
  | (OneParam & { kind: 'choice'; options: readonly string[] })
  | (OneParam & { kind: 'ref'; to: string; optional: boolean })
  | (OneParam & { kind: 'checkbox' })
  | (OneParam & { kind: 'text' })
  | (TwoParams & { kind: 'number'; integer: boolean; min: number; max: number })
  | (TwoParams & { kind: 'date' })
  | (TwoParams & { kind: 'money'; currency: string; min: number; max: number });

/**
 * A reference filter's value for the records without one (`property_id=none`): only an optional
 * reference takes it. A uuid is never this, so it cannot name a record.
 */
export const REF_NONE = 'none';

/** A filter's query parameters. */
export const paramsOf = (f: ResolvedFilter): string[] => ('param' in f ? [f.param] : [f.lower, f.upper]);

const TEXT_TYPES: readonly string[] = ['text', 'textarea', 'email', 'tel', 'url'];

const resolved = new WeakMap<ResourceDecl, ResolvedFilter[]>();

/**
 * The declaration's filters with their fields and parameters, checked: an unknown key or one of the
 * wrong kind throws (the server's start fails, naming resource and key), for declarations the type
 * checker did not see.
 */
export function filtersOf(decl: ResourceDecl): ResolvedFilter[] {
  const known = resolved.get(decl);
  if (known) return known;
  const out = (decl.list.filters ?? []).map((d) => resolveOne(decl, d));
  const params = out.flatMap(paramsOf);
  const twice = params.find((p, i) => params.indexOf(p) !== i);
  if (twice) throw new Error(`Resource "${decl.name}": list filter parameter "${twice}" is declared twice`);
  resolved.set(decl, out);
  return out;
}

function resolveOne(decl: ResourceDecl, d: FilterDecl): ResolvedFilter {
  const refused = (why: string) => new Error(`Resource "${decl.name}": list filter ${d.kind}Filter("${d.key}") ${why}`);
  if (d.kind === 'ref') {
    const found = Object.entries(decl.fields).find(([, f]) => 'ref' in f && f.ref.as === d.key);
    if (!found || !('ref' in found[1])) throw refused('names no reference (give its `as`)');
    return {
      kind: 'ref',
      key: d.key,
      field: found[0],
      param: found[0],
      to: found[1].ref.to,
      optional: !found[1].required,
    };
  }
  const f = Object.hasOwn(decl.fields, d.key) ? decl.fields[d.key] : undefined;
  if (!f) throw refused('names no field');
  const base = { key: d.key, field: d.key };
  if (d.kind === 'choice' && f.type === 'select' && 'options' in f)
    return { kind: 'choice', ...base, param: d.key, options: f.options };
  if (d.kind === 'checkbox' && f.type === 'checkbox' && !('many' in f))
    return { kind: 'checkbox', ...base, param: d.key };
  if (d.kind === 'text' && TEXT_TYPES.includes(f.type)) return { kind: 'text', ...base, param: d.key };
  if (d.kind === 'range' && f.type === 'number')
    return {
      kind: 'number',
      ...base,
      lower: `${d.key}_min`,
      upper: `${d.key}_max`,
      integer: f.integer,
      min: f.min,
      max: f.max,
    };
  if (d.kind === 'range' && f.type === 'date')
    return { kind: 'date', ...base, lower: `${d.key}_from`, upper: `${d.key}_to` };
  if (d.kind === 'range' && f.type === 'money')
    return {
      kind: 'money',
      ...base,
      lower: `${d.key}_min`,
      upper: `${d.key}_max`,
      currency: f.currency,
      min: f.min,
      max: f.max,
    };
  throw refused(`does not fit a ${f.type} field`);
}

/** A list's filter values by query parameter: a choice's several, one text for the others. Blank ones are left out. */
export type FilterValues = Readonly<Record<string, string | readonly string[]>>;
