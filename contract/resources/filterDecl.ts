// What a declaration writes for its list filters (docs/resources.md "Filters"): the builders and the
// type that checks them against the fields (FilterOf: a key that is not a field of the filter's kind
// is a type error). A leaf, so ./declare.ts can name it; ./filters.ts resolves them.

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
export const checkboxFilter = <const K extends string>(key: K): FilterDecl<K, 'checkbox'> => ({
  kind: 'checkbox',
  key,
});
/**
 * A number or money field's `{key}_min`/`{key}_max` (money as decimal strings, "1250.50"), or a date
 * field's `{key}_from`/`{key}_to` (Y-m-d), both ends included.
 */
export const rangeFilter = <const K extends string>(key: K): FilterDecl<K, 'range'> => ({ kind: 'range', key });
/** A text field containing the words, without letter case (`city=leeds`). */
export const textFilter = <const K extends string>(key: K): FilterDecl<K, 'text'> => ({ kind: 'text', key });

/** Any declaration's fields (./declare.ts `Fields`), by their shape alone. */
type AnyFields = Readonly<Record<string, object>>;

type KeyOf<F extends AnyFields, T> = { [K in keyof F]: F[K] extends T ? K : never }[keyof F] & string;
type RefAs<F extends AnyFields> = {
  [K in keyof F]: F[K] extends { ref: { as: infer A extends string } } ? A : never;
}[keyof F];

/** The filters a resource with fields F may declare: each kind only on fields of its kind. */
export type FilterOf<F extends AnyFields> =
  | FilterDecl<KeyOf<F, { type: 'select'; options: readonly string[] }>, 'choice'>
  | FilterDecl<RefAs<F>, 'ref'>
  | FilterDecl<KeyOf<F, { type: 'checkbox'; default: boolean }>, 'checkbox'>
  | FilterDecl<KeyOf<F, { type: 'number' | 'date' | 'money' }>, 'range'>
  | FilterDecl<KeyOf<F, { type: 'text' | 'textarea' | 'email' | 'tel' | 'url' }>, 'text'>;
