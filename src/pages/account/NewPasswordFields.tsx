// A new password and its confirmation, with the policy's checklist under the first as the person
// types (contract/password.ts): the account page's password change and the /invitation page share it.
import { useId } from 'react';
import { Box, TextField } from '@mui/material';
import { passwordProblems } from '../../../contract/password';
import { PasswordRules } from './PasswordRules';

export interface NewPasswordFieldsProps {
  /** The inputs' ids: `{idPrefix}-new-password` and `{idPrefix}-new-password-confirmation`. */
  idPrefix: string;
  /** Already translated. */
  labels: { password: string; confirmation: string };
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  /** Field errors, keyed `new_password` / `new_password_confirmation` like the server's. */
  errors: Record<string, string>;
  disabled?: boolean;
  autoFocus?: boolean;
}

export function NewPasswordFields(p: NewPasswordFieldsProps) {
  const rulesId = useId();
  return (
    <>
      <TextField
        id={`${p.idPrefix}-new-password`}
        name="new_password"
        type="password"
        label={p.labels.password}
        value={p.password}
        onChange={(e) => p.onPassword(e.target.value)}
        autoComplete="new-password"
        autoFocus={p.autoFocus}
        error={!!p.errors.new_password}
        helperText={
          <>
            {p.errors.new_password && (
              <Box component="span" sx={{ display: 'block' }}>
                {p.errors.new_password}
              </Box>
            )}
            <PasswordRules password={p.password} id={rulesId} />
          </>
        }
        disabled={p.disabled}
        fullWidth
        slotProps={{ formHelperText: { component: 'div' } }}
      />
      <TextField
        id={`${p.idPrefix}-new-password-confirmation`}
        name="new_password_confirmation"
        type="password"
        label={p.labels.confirmation}
        value={p.confirmation}
        onChange={(e) => p.onConfirmation(e.target.value)}
        autoComplete="new-password"
        error={!!p.errors.new_password_confirmation}
        helperText={p.errors.new_password_confirmation}
        disabled={p.disabled}
        fullWidth
      />
    </>
  );
}

/** What the browser refuses before sending (the password policy; a mismatch sends nothing), as field errors. */
export function newPasswordErrors(
  password: string,
  confirmation: string,
  texts: { rulesUnmet: string; mismatch: string },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (passwordProblems(password).length) errors.new_password = texts.rulesUnmet;
  if (password !== confirmation) errors.new_password_confirmation = texts.mismatch;
  return errors;
}
