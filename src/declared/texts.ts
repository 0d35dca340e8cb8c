// A declared resource's texts by convention (docs/resources.md): the catalogue keys its generated
// screens use, all under react-admin's `resources.{spa}`, and their English derived from the
// declaration's noun and labels. The fixed ones are overridden once (src/i18n/en/resources.ts).
// The catalogue builds on this file and loads with the sign-in screens: it imports no screen code.
import { choiceLabel, type ResourceDecl } from '../../contract/resources/declare';

/** i18n keys of a resource's create and edit screens (titles, buttons, failure lines). */
export interface ResourceFormTexts {
  createTitle: string;
  editTitle: string;
  createSubmit: string;
  editSubmit: string;
  back: string;
  createFailed: string;
  updateFailed: string;
}

type ListText = 'title' | 'create' | 'search' | 'edit' | 'remove';
type FormText =
  'create_title' | 'edit_title' | 'create_submit' | 'edit_submit' | 'back' | 'create_failed' | 'update_failed';

/** The catalogue key of one of a declared resource's texts. */
export const resourceKey = (spa: string, path: string) => `resources.${spa}.${path}`;
/** The list screen's texts: `resources.{spa}.list.{title|create|search|edit|remove}`. */
export const listKey = (spa: string, text: ListText) => resourceKey(spa, `list.${text}`);
/** A column's heading (a field's, a reference's or a computed column's): react-admin's `resources.{spa}.fields.{key}`.
 */
export const fieldKey = (spa: string, key: string) => resourceKey(spa, `fields.${key}`);

/** A choice's value as shown (list cells, filters): `resources.{spa}.choices.{field}.{value}`, for choices with
 * declared labels. */
export const choiceKey = (spa: string, field: string, value: string) => resourceKey(spa, `choices.${field}.${value}`);

/** The create and edit screens' texts: `resources.{spa}.form.{create_title|…}`. */
export function formTexts(spa: string): ResourceFormTexts {
  const k = (name: FormText) => resourceKey(spa, `form.${name}`);
  return {
    createTitle: k('create_title'),
    editTitle: k('edit_title'),
    createSubmit: k('create_submit'),
    editSubmit: k('edit_submit'),
    back: k('back'),
    createFailed: k('create_failed'),
    updateFailed: k('update_failed'),
  };
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** "inspection type" → "Inspection Type": the nouns in titles and buttons, as the product's ("Create a User"). */
const titleCase = (s: string) => s.split(' ').map(capital).join(' ');

/**
 * A field's name wherever it shows (column heading, filter, sort, history, CSV): its label as the form
 * shows it, in sentence case ("Insured until"), so form and list agree; a computed column's key
 * ("full_address" → "Full address"). Headings the product fixes otherwise are the fixed texts'.
 */
function headings(d: ResourceDecl): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, f] of Object.entries(d.fields)) {
    out[key] = capital(f.label);
    if ('ref' in f) out[f.ref.as] = capital(f.label);
  }
  for (const key of d.list.columns) out[key] ??= capital(key.replace(/_/g, ' '));
  return out;
}

/** The declared labels of each choice that has some: `{ provider: { powerbi: 'Power BI' } }`. */
function choiceTexts(d: ResourceDecl): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [key, f] of Object.entries(d.fields))
    if ('options' in f && f.type === 'select' && (f.labels || f.tones))
      out[key] = Object.fromEntries(f.options.map((v) => [v, choiceLabel(f, v)]));
  return out;
}

/** The English catalogue entry `resources.{spa}` of one declaration (before the fixed overrides). */
export function declaredTexts(d: ResourceDecl) {
  const One = titleCase(d.noun.one);
  const Many = titleCase(d.noun.many);
  const a = d.noun.article ?? 'a';
  // A declared area's own navigation label (contract/access.ts navKey), when it names one.
  const nav = typeof d.area !== 'string' && d.area.nav ? d.area.nav.label : undefined;
  return {
    name: `${One} |||| ${Many}`,
    ...(nav ? { nav } : {}),
    fields: headings(d),
    choices: choiceTexts(d),
    list: {
      title: Many,
      create: `Create ${a} ${One}`,
      search: `Search ${Many}`,
      edit: `Edit ${One}`,
      remove: `Remove ${One}`,
    } satisfies Record<ListText, string>,
    form: {
      create_title: `Create ${a} ${One}`,
      edit_title: `Edit ${One}`,
      create_submit: `Create ${One}`,
      edit_submit: `Update ${One}`,
      back: `Back to ${Many}`,
      create_failed: `Could not create the ${d.noun.one}`,
      update_failed: `Could not update the ${d.noun.one}`,
    } satisfies Record<FormText, string>,
  };
}

type Tree = { [key: string]: string | Tree };

/** `base` with `over` laid on top, key by key. */
export function mergeTexts<T extends Tree>(base: T, over: Tree): T {
  const out: Tree = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = typeof v === 'object' && typeof b === 'object' ? mergeTexts(b, v) : v;
  }
  return out as T;
}

/** The catalogue's `resources` of every declaration, with the fixed texts laid on top. */
export const declaredCatalogue = (decls: readonly ResourceDecl[], fixed: Tree): Tree =>
  mergeTexts(Object.fromEntries(decls.map((d) => [d.spa, declaredTexts(d)])), fixed);
