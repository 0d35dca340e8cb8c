// Builders for the server-defined forms (contract/forms.ts): each resource's
// fields.ts describes its groups with these, and edit forms are the same groups with values filled in.
import type { FormField, FormFieldGroup } from '../../contract/forms';
import type { FileValue } from '../../contract/uploads';

type Extra = Omit<FormField, 'name' | 'label' | 'type'>;

const builder =
  (type: FormField['type']) =>
  (name: string, label: string, extra: Extra = {}): FormField => ({ name, label, type, ...extra });

export const text = builder('text');
export const email = builder('email');
export const password = builder('password');
export const number = builder('number');
export const tel = builder('tel');
export const url = builder('url');
export const textarea = builder('textarea');
export const select = builder('select');
export const checkbox = builder('checkbox');
export const date = builder('date');

/** A checkbox list: `value` is the array of checked option values. */
export const checkboxes = (
  name: string,
  label: string,
  options: Record<string, string>,
  extra: Extra = {},
): FormField => checkbox(name, label, { multiple: true, options, ...extra });

export const group = (name: string, fields: FormField[], description?: string): FormFieldGroup =>
  description ? { group: name, group_desc: description, fields } : { group: name, fields };

/**
 * The groups with each field's value taken from `values` (edit forms, or create defaults). A
 * checkbox list keeps only the values among its options, so several lists may share one name (the
 * role form's `permissions`, one list per group); a single checkbox also gets `checked`.
 */
export function withValues(groups: FormFieldGroup[], values: Record<string, unknown>): FormFieldGroup[] {
  return groups.map((g) => ({
    ...g,
    fields: g.fields.map((f) => {
      if (!Object.hasOwn(values, f.name)) return f;
      const v = values[f.name];
      if (f.multiple) {
        const list = Array.isArray(v) ? v.map(String) : [];
        return { ...f, value: f.options ? list.filter((x) => Object.hasOwn(f.options ?? {}, x)) : list };
      }
      if (f.type === 'checkbox') return { ...f, value: v === true, checked: v === true };
      // A file field's value is its upload's id; the form shows the file it is.
      if (f.type === 'file') {
        const file = v && typeof v === 'object' ? (v as FileValue) : null;
        return { ...f, value: file?.id ?? '', file };
      }
      return { ...f, value: v === null || v === undefined ? '' : (v as string | number | boolean) };
    }),
  }));
}

/** Label → `{ value: label }` options in the given order. */
export const optionsOf = (values: readonly string[]): Record<string, string> =>
  Object.fromEntries(values.map((v) => [v, v]));
