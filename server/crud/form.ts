// The form field groups a declaration implies (docs/resources.md): groups
// in the order their first field is declared, each field with its label, limits and choices.
import type { FormField, FormFieldGroup } from '../../contract/forms';
import { choiceLabel, isComputed, type FieldDecl, type ResourceDecl } from '../../contract/resources/declare';
import { TEL_MIN_LENGTH } from '../../contract/resources/kinds';
import { acceptOf, MB } from '../../contract/uploads';
import { group, optionsOf } from '../forms/fields';

/** Options of each reference field (uuid → name) and checkbox list (value → label), by field name. */
export type RefOptions = Record<string, Record<string, string>>;

function formField(name: string, f: FieldDecl, refOptions: RefOptions): FormField {
  const field: FormField = { name, label: f.label, type: f.type };
  if ('many' in f) Object.assign(field, { multiple: true, options: refOptions[name] ?? {} });
  // A conditional field is required while shown: the form shows and checks it only then.
  if (f.required || f.when?.required) field.required = true;
  if (f.when) field.when = { field: f.when.field, is: [...f.when.is] };
  if (f.readOnly) field.disabled = true;
  if (f.type === 'select') {
    if ('ref' in f) Object.assign(field, { options: refOptions[name] ?? {}, 'options-from': f.ref.to });
    else field.options = Object.fromEntries(f.options.map((v) => [v, choiceLabel(f, v)]));
    // A radio group (its options under a legend), the same choice on the wire.
    if ('display' in f && f.display === 'radio') field.type = 'radio-group';
  }
  // Several options, each a checkbox, under one legend.
  if (f.type === 'multichoice')
    Object.assign(field, {
      type: 'checkbox',
      multiple: true,
      options: f.labels ? Object.fromEntries(f.options.map((v) => [v, choiceLabel(f, v)])) : optionsOf(f.options),
    });
  if (f.type === 'money') Object.assign(field, { currency: f.currency, min: f.min, max: f.max });
  if (f.type === 'number') Object.assign(field, { min: f.min, max: f.max });
  // The file chooser's types and the largest file, checked again by the server from the bytes.
  if (f.type === 'file') Object.assign(field, { accept: acceptOf(f.types), max: f.maxMb * MB });
  if ('maxlength' in f) field.maxlength = f.maxlength;
  if (f.type === 'tel') field.minlength = TEL_MIN_LENGTH;
  if (f.help) field['label-help'] = f.help;
  return field;
}

/** `create`: the create form, without the computed fields (nothing to compute before the record exists). */
export function formGroups(decl: ResourceDecl, refOptions: RefOptions, create = false): FormFieldGroup[] {
  const groups = new Map<string, FormField[]>();
  for (const [name, f] of Object.entries(decl.fields)) {
    if (create && isComputed(f)) continue;
    const fields = groups.get(f.group) ?? [];
    fields.push(formField(name, f, refOptions));
    groups.set(f.group, fields);
  }
  return [...groups].map(([name, fields]) => group(name, fields));
}

/** The create form's starting values: each checkbox's default, each checkbox list and multi-choice empty. */
export function defaultsOf(decl: ResourceDecl): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(decl.fields).flatMap(([name, f]): [string, unknown][] =>
      f.type === 'multichoice'
        ? [[name, [...(f.default ?? [])]]]
        : f.type !== 'checkbox'
          ? []
          : [[name, 'many' in f ? [] : f.default]],
    ),
  );
}
