// text, email, password, number, tel, url and textarea fields.
import type { ChangeEvent } from 'react';
import { TextField } from '@mui/material';
import { labelOf, useFormField } from '../useFormField';
import type { FieldProps } from './fieldProps';

export function InputField({ field, name, id }: FieldProps) {
  const { input, error, helperText } = useFormField(field, name);
  const textarea = field.type === 'textarea';
  return (
    <TextField
      id={id}
      name={field.name}
      label={labelOf(field)}
      type={textarea ? undefined : field.type}
      value={typeof input.value === 'string' ? input.value : ''}
      onChange={(e: ChangeEvent<HTMLInputElement>) => input.onChange(e.target.value)}
      onBlur={input.onBlur}
      inputRef={input.ref}
      required={!!field.required}
      disabled={!!field.disabled}
      placeholder={field.placeholder}
      error={!!error}
      helperText={helperText}
      multiline={textarea}
      minRows={textarea ? 4 : undefined}
      fullWidth
      autoComplete={field.type === 'password' ? 'new-password' : undefined}
      slotProps={{ htmlInput: { min: field.min, max: field.max, minLength: field.minlength, maxLength: field.maxlength } }}
    />
  );
}
