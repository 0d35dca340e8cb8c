// date fields: the value is Y-m-d. The MUI X picker is a lazy chunk, so screens without a
// date field (and the sign-in pages) never download it.
import { lazy, Suspense } from 'react';
import { TextField } from '@mui/material';
import { labelOf, useFormField } from '../useFormField';
import type { FieldProps } from './fieldProps';

const DatePickerInput = lazy(() => import('./DatePickerInput'));

export function DateField({ field, name, id }: FieldProps) {
  const { input, error, helperText } = useFormField(field, name);
  const label = labelOf(field);
  return (
    <Suspense fallback={<TextField label={label} disabled fullWidth helperText={helperText} />}>
      <DatePickerInput
        id={id}
        name={field.name}
        label={label}
        value={typeof input.value === 'string' ? input.value : ''}
        onChange={input.onChange}
        onBlur={input.onBlur}
        inputRef={input.ref}
        required={!!field.required}
        disabled={!!field.disabled}
        error={!!error}
        helperText={helperText}
      />
    </Suspense>
  );
}
