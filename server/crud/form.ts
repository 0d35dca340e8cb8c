// The form field groups a declaration implies (docs/resources.md): groups
// in the order their first field is declared, each field with its label, limits and choices.
import type { FormField, FormFieldGroup } from '../../contract/forms';
import { choiceLabel, isComputed, type FieldDecl, type ResourceDecl } from '../../contract/resources/declare';
import { TEL_MIN_LENGTH } from '../../contract/resources/kinds';
import { acceptOf, MB } from '../../contract/uploads';
import { group, optionsOf } from '../forms/fields';
import { onCreate, type InputDecl } from '../../contract/resources/inputs';

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

/**
 * An input's field (docs/resources.md "Inputs"): its options are left to the form hook, or to the list
 * `options-from` names.
 */
function inputField(name: string, i: InputDecl): FormField {
  const field: FormField = { name, label: i.label, type: i.type };
  if ('ref' in i) Object.assign(field, { options: {}, 'options-from': i.ref.to });
  if ('multiple' in i) field.multiple = true;
  if (i.help) field['label-help'] = i.help;
  return field;
}

/**
 * `create`: the create form, without the computed fields (nothing to compute before the record exists)
 * and the inputs of an update only. Each input follows the fields of its group.
 */
export function formGroups(decl: ResourceDecl, refOptions: RefOptions, create = false): FormFieldGroup[] {
  const groups = new Map<string, FormField[]>();
  const add = (groupName: string, field: FormField) => groups.set(groupName, [...(groups.get(groupName) ?? []), field]);
  for (const [name, f] of Object.entries(decl.fields))
    if (!create || !isComputed(f)) add(f.group, formField(name, f, refOptions));
  for (const [name, i] of Object.entries(decl.inputs ?? {}))
    if (!create || onCreate(i)) add(i.group, inputField(name, i));
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
