// Declared list filters (docs/resources.md "Filters"), like Django's list_filter or Filament's table
// filters: `list.filters: [choiceFilter('unit_type'), refFilter('property'), rangeFilter('bedrooms')]`.
// The builders are checked against the fields by the type checker (FilterOf): a key that is not a
// field of the filter's kind is a type error. Both sides read the resolved filters (filtersOf): the
// server derives the list route's query parameters and their SQL from them, the browser its filter bar.
import type { Fields, ResourceDecl } from './declare';

/** What a declaration writes: a filter's kind and the key it filters by. */
export interface FilterDecl<K extends string = string, Kind extends FilterKind = FilterKind> {
  kind: Kind;
  key: K;
}
export type FilterKind = 'choice' | 'ref' | 'checkbox' | 'range' | 'text';

/** One or more of a choice field's options (`unit_type=Flat&unit_type=Studio`). */
export const choiceFilter = <const K extends string>(key: K): FilterDecl<K, 'choice'> => ({ kind: 'choice', key });
/**
 * One record of a reference, by the reference's `as` (`refFilter('property')` → `property_id=<uuid>`);
 * for an optional reference also none (`property_id=none`, REF_NONE).
 */
export const refFilter = <const K extends string>(key: K): FilterDecl<K, 'ref'> => ({ kind: 'ref', key });
/** Yes or no of a checkbox (`furnished=true`); absent is any. */
export const checkboxFilter = <const K extends string>(key: K): FilterDecl<K, 'checkbox'> => ({ kind: 'checkbox', key });
/**
 * A number or money field's `{key}_min`/`{key}_max` (money as decimal strings, "1250.50"), or a date
 * field's `{key}_from`/`{key}_to` (Y-m-d), both ends included.
 */
export const rangeFilter = <const K extends string>(key: K): FilterDecl<K, 'range'> => ({ kind: 'range', key });
/** A text field containing the words, without letter case (`city=leeds`). */
export const textFilter = <const K extends string>(key: K): FilterDecl<K, 'text'> => ({ kind: 'text', key });

type KeyOf<F extends Fields, T> = { [K in keyof F]: F[K] extends T ? K : never }[keyof F] & string;
type RefAs<F extends Fields> = { [K in keyof F]: F[K] extends { ref: { as: infer A extends string } } ? A : never }[keyof F];

/** The filters a resource with fields F may declare: each kind only on fields of its kind. */
export type FilterOf<F extends Fields> =
  | FilterDecl<KeyOf<F, { type: 'select'; options: readonly string[] }>, 'choice'>
  | FilterDecl<RefAs<F>, 'ref'>
  | FilterDecl<KeyOf<F, { type: 'checkbox'; default: boolean }>, 'checkbox'>
  | FilterDecl<KeyOf<F, { type: 'number' | 'date' | 'money' }>, 'range'>
  | FilterDecl<KeyOf<F, { type: 'text' | 'textarea' | 'email' | 'tel' | 'url' }>, 'text'>;

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
    return { kind: 'ref', key: d.key, field: found[0], param: found[0], to: found[1].ref.to, optional: !found[1].required };
  }
  const f = Object.hasOwn(decl.fields, d.key) ? decl.fields[d.key] : undefined;
  if (!f) throw refused('names no field');
  const base = { key: d.key, field: d.key };
  if (d.kind === 'choice' && f.type === 'select' && 'options' in f) return { kind: 'choice', ...base, param: d.key, options: f.options };
  if (d.kind === 'checkbox' && f.type === 'checkbox' && !('many' in f)) return { kind: 'checkbox', ...base, param: d.key };
  if (d.kind === 'text' && TEXT_TYPES.includes(f.type)) return { kind: 'text', ...base, param: d.key };
  if (d.kind === 'range' && f.type === 'number') return { kind: 'number', ...base, lower: `${d.key}_min`, upper: `${d.key}_max`, integer: f.integer, min: f.min, max: f.max };
  if (d.kind === 'range' && f.type === 'date') return { kind: 'date', ...base, lower: `${d.key}_from`, upper: `${d.key}_to` };
  if (d.kind === 'range' && f.type === 'money') return { kind: 'money', ...base, lower: `${d.key}_min`, upper: `${d.key}_max`, currency: f.currency, min: f.min, max: f.max };
  throw refused(`does not fit a ${f.type} field`);
}

/** A list's filter values by query parameter: a choice's several, one text for the others. Blank ones are left out. */
export type FilterValues = Readonly<Record<string, string | readonly string[]>>;
