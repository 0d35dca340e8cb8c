// text, email, password, number, tel, url, money and textarea fields. Money is a number input with its
// currency's symbol in front (step 0.01), its value the decimal text typed (../fieldModel.ts sends it so).
import type { ChangeEvent } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import { currencySymbol } from '../../lists/moneyText';
import { labelOf, useFormField } from '../useFormField';
import type { FieldProps } from './fieldProps';

export function InputField({ field, name, id }: FieldProps) {
  const { input, error, helperText } = useFormField(field, name);
  const textarea = field.type === 'textarea';
  const money = field.type === 'money';
  const symbol = money ? currencySymbol(field.currency ?? 'GBP') : undefined;
  return (
    <TextField
      id={id}
      name={field.name}
      label={labelOf(field)}
      type={textarea ? undefined : money ? 'number' : field.type}
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
      slotProps={{
        htmlInput: {
          min: field.min,
          max: field.max,
          minLength: field.minlength,
          maxLength: field.maxlength,
          ...(money ? { step: '0.01', inputMode: 'decimal' } : {}),
        },
        input: symbol ? { startAdornment: <InputAdornment position="start">{symbol}</InputAdornment> } : undefined,
      }}
    />
  );
}
