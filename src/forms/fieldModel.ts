// How server-defined fields (contract/forms.ts) become form values and back: which input each field
// is, the value it starts with, and what the request body carries. Pure, so every rule is unit-tested.
import { FIELD_TYPES, type FieldType, type FormField, type FormFieldGroup } from '../../contract/forms';
import { shown } from '../../contract/resources/when';

/** A field's value in the form: text for inputs, a flag for a lone checkbox, a list for multiple choices. */
export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;
export type RecordData = Record<string, unknown>;

export interface Option {
  value: string;
  label: string;
}

/** Which input draws the field. */
export type FieldKind =
  | 'input' // text, email, password, number, tel, url, money
  | 'textarea'
  | 'select'
  | 'choice' // radio-group, or a radio with options: one of several
  | 'radio' // a lone radio: fields of the same name form one group, as in HTML
  | 'checkbox' // one flag
  | 'checkboxes' // several values → array
  | 'date'
  | 'file' // an upload's id, with the file's name, size and download
  | 'unknown';

export const isFieldType = (type: string): type is FieldType => (FIELD_TYPES as readonly string[]).includes(type);

const hasOptions = (f: FormField) => f.options !== undefined || f['options-from'] !== undefined;

export function kindOf(field: FormField): FieldKind {
  if (!isFieldType(field.type)) return 'unknown';
  switch (field.type) {
    case 'textarea':
    case 'select':
    case 'date':
    case 'file':
      return field.type;
    case 'radio-group':
      return 'choice';
    case 'radio':
      return hasOptions(field) ? 'choice' : 'radio';
    case 'checkbox':
      return field.multiple || hasOptions(field) ? 'checkboxes' : 'checkbox';
    default:
      return 'input';
  }
}

/**
 * react-hook-form reads dots and brackets in a name as a path into nested values; server names may hold
 * them. Those characters (and the escape itself) are percent-encoded, so the key stays one flat entry.
 */
export const fieldKey = (name: string): string => name.replace(/[%.[\]]/g, (c) => '%' + c.charCodeAt(0).toString(16));

/**
 * The list a field's options come from: none when the field brings its own options, which win (the
 * server sends them inline where the caller may not read the list, e.g. companies for an admin).
 */
export function optionsSource(field: FormField): string | undefined {
  const own = field.options && Object.keys(field.options).length > 0;
  return own ? undefined : field['options-from'] || undefined;
}

/** The field's own options, in the server's order. */
export const staticOptions = (field: FormField): Option[] =>
  Object.entries(field.options ?? {}).map(([value, label]) => ({ value, label: String(label) }));

export const allFields = (groups: readonly FormFieldGroup[]): FormField[] => groups.flatMap((g) => g.fields ?? []);

function asText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

/** Accepts ids, or records carrying uuid/id/value (e.g. a user's companies). */
function asList(v: unknown): string[] {
  if (!Array.isArray(v)) return v === null || v === undefined || v === '' ? [] : [asText(v)];
  return v
    .map((item: unknown) => {
      if (item && typeof item === 'object') {
        const o = item as Record<string, unknown>;
        return asText(o.uuid ?? o.id ?? o.value);
      }
      return asText(item);
    })
    .filter((s) => s !== '');
}

/** Y-m-d from a date or timestamp string. */
function asDate(v: unknown): string {
  const s = asText(v);
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(s);
  return m ? m[1] : s;
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on';

/** The value each field starts with: the field's own value/checked, else the record's. */
export function initialValues(groups: readonly FormFieldGroup[], data: RecordData = {}): FormValues {
  const values: FormValues = {};
  for (const field of allFields(groups)) {
    const key = fieldKey(field.name);
    const given = field.value !== undefined ? field.value : data[field.name];
    switch (kindOf(field)) {
      case 'unknown':
        break;
      case 'checkbox':
        values[key] = field.checked ?? truthy(given);
        break;
      case 'checkboxes': {
        // Several fields may share a name (one per group): they share one list.
        const before = Array.isArray(values[key]) ? (values[key] as string[]) : [];
        values[key] = [...new Set([...before, ...asList(given)])];
        break;
      }
      case 'radio':
        // A lone radio's `value` is what the group takes when it is the checked one, not a prefill.
        if (field.checked) values[key] = asText(field.value);
        else if (!(key in values)) values[key] = asText(data[field.name]);
        break;
      case 'select':
        values[key] = field.multiple ? asList(given) : asText(given);
        break;
      case 'date':
        values[key] = asDate(given);
        break;
      default:
        values[key] = asText(given);
    }
  }
  return values;
}

/**
 * Whether a field is shown: one with a condition (`when`, contract/resources/when.ts) only while its
 * controlling field has one of the values, read from the form's values (`fields`: the whole form's).
 */
export function isShown(field: FormField, fields: readonly FormField[], values: Partial<FormValues>): boolean {
  if (!field.when) return true;
  const whenOf = (name: string) => fields.find((f) => f.name === name)?.when;
  return shown(field.name, whenOf, (name) => values[fieldKey(name)]);
}

/** The controlling fields a field's condition reads, along the chain (their form keys): what it watches. */
export function conditionKeys(field: FormField, fields: readonly FormField[]): string[] {
  const keys: string[] = [];
  for (
    let when = field.when;
    when && !keys.includes(fieldKey(when.field));
    when = fields.find((f) => f.name === when?.field)?.when
  )
    keys.push(fieldKey(when.field));
  return keys;
}

/**
 * Numbers travel as numbers and empty dates, numbers and amounts as null; an amount as the decimal
 * text typed (a number could lose a penny); everything else as entered.
 */
function wireValue(field: FormField, value: FieldValue | undefined): unknown {
  if (field.type === 'money') return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  if (field.type === 'number') {
    if (value === '' || value === undefined) return null;
    const n = Number(value);
    return Number.isNaN(n) ? value : n;
  }
  if (field.type === 'date' || field.type === 'file') return value === '' || value === undefined ? null : value;
  return value;
}

/**
 * The request body: every known field by its server name (disabled ones keep their prefilled value),
 * but a hidden conditional one, which the server clears.
 */
export function bodyOf(groups: readonly FormFieldGroup[], values: FormValues): RecordData {
  const body: RecordData = {};
  const fields = allFields(groups);
  for (const field of fields) {
    if (kindOf(field) === 'unknown' || field.name in body || !isShown(field, fields, values)) continue;
    body[field.name] = wireValue(field, values[fieldKey(field.name)]);
  }
  return body;
}

/**
 * Ticking or unticking a value of a list. A wildcard value (`users.*`, or `*`) carries every value
 * with its prefix along with it (the role edit screen's permissions).
 */
export function toggleValue(
  current: readonly string[],
  value: string,
  checked: boolean,
  all: readonly string[],
): string[] {
  const affected = value.endsWith('*') ? all.filter((v) => v.startsWith(value.slice(0, -1))).concat(value) : [value];
  const set = new Set(current);
  for (const v of affected) {
    if (checked) set.add(v);
    else set.delete(v);
  }
  // Keep the order of the options, then anything not among them.
  return [...all.filter((v) => set.has(v)), ...[...set].filter((v) => !all.includes(v))];
}
