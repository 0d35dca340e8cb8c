// A labelled text input for the auth forms. The native `required` attribute does the "required"
// check; the label carries no asterisk so its accessible name is exactly the label's text.
import type { ChangeEvent } from 'react';
import { TextField } from '@mui/material';

export interface AuthFieldProps {
  name: string;
  /** Already translated. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  /** Error text from the server's `errors` object; replaces the helper text. */
  error?: string;
  helperText?: string;
  readOnly?: boolean;
  /** The phone keyboard to offer (digits for a one-time code). */
  inputMode?: 'numeric' | 'text';
}

export default function AuthField({
  name,
  label,
  value,
  onChange,
  type = 'text',
  required = true,
  error,
  helperText,
  readOnly,
  inputMode,
  ...rest
}: AuthFieldProps) {
  return (
    <TextField
      id={`auth-${name}`}
      name={name}
      label={label}
      type={type}
      value={value}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
      required={required}
      error={!!error}
      helperText={error ?? helperText}
      fullWidth
      slotProps={{ inputLabel: { required: false }, htmlInput: { readOnly, inputMode } }}
      {...rest}
    />
  );
}
