// select fields (one value, or several with `multiple`), options from the field or from `options-from`.
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { labelOf, useFormField } from '../useFormField';
import type { FieldProps } from './fieldProps';

export function SelectField({ field, name, id, options }: FieldProps) {
  const translate = useTranslate();
  const { input, error, helperText } = useFormField(field, name);
  const multiple = !!field.multiple;
  const value = multiple
    ? Array.isArray(input.value)
      ? input.value
      : []
    : typeof input.value === 'string'
      ? input.value
      : '';
  // A value the options do not know (a removed record) still shows, rather than a blank box.
  const known = new Set(options.map((o) => o.value));
  const missing = (Array.isArray(value) ? value : [value])
    .filter((v) => v !== '' && !known.has(v))
    .map((v) => ({ value: v, label: v }));
  const choices = [...options, ...missing];
  const labelFor = (v: string) => choices.find((o) => o.value === v)?.label ?? v;
  // An option for "" (e.g. "No access to Everest") is a real choice: show it rather than an empty box.
  const emptyIsChoice = !multiple && known.has('');
  return (
    <TextField
      select
      id={id}
      name={field.name}
      label={labelOf(field)}
      value={value}
      onChange={(e) => input.onChange(e.target.value as string | string[])}
      onBlur={input.onBlur}
      inputRef={input.ref}
      required={!!field.required}
      disabled={!!field.disabled}
      error={!!error}
      helperText={helperText}
      fullWidth
      slotProps={{
        select: {
          multiple,
          displayEmpty: emptyIsChoice,
          renderValue: multiple ? (selected) => (selected as string[]).map(labelFor).join(', ') : undefined,
        },
        inputLabel: emptyIsChoice ? { shrink: true } : undefined,
      }}
    >
      {!multiple && !known.has('') && (
        <MenuItem value="">
          <em>{translate('olympus.forms.choose')}</em>
        </MenuItem>
      )}
      {choices.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
