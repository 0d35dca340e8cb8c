// Password reset request: email only; a warning that single-sign-on users must ask their IT
// administrator; on success the server's message, then the verify step after 1.5 s (email carried).
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isSuccess } from '../../../providers/httpClient';
import { passwordReset } from '../../../providers/olympusApi';
import AuthCard from './AuthCard';
import AuthField from './AuthField';
import { BUSY, IDLE, isLocked, StatusAlert, type FormStatus } from './FormStatus';
import { fieldErrors, successMessage, failureText } from './authResult';
import RouterLink from './RouterLink';
import { DELAYS, useDelayedNavigate } from './useDelayedNavigate';

export default function PasswordResetPage() {
  const translate = useTranslate();
  const schedule = useDelayedNavigate();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<FormStatus>(IDLE);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLocked(status)) return;
    setStatus(BUSY);
    setErrors({});
    const res = await passwordReset(email);
    if (isSuccess(res)) {
      setStatus({ kind: 'success', text: successMessage(res) ?? translate('olympus.auth.redirecting') });
      schedule(`/password/reset/verify?email=${encodeURIComponent(email)}`, DELAYS.afterReset);
      return;
    }
    setErrors(fieldErrors(res));
    setStatus({ kind: 'error', text: failureText(res, translate) });
  };

  const locked = isLocked(status);
  return (
    <AuthCard title={translate('olympus.auth.reset.title')}>
      <Alert severity="warning">{translate('olympus.auth.reset.warning')}</Alert>
      <Stack component="form" spacing={2} onSubmit={submit}>
        <AuthField
          name="email"
          type="email"
          label={translate('olympus.auth.reset.email')}
          value={email}
          onChange={setEmail}
          autoComplete="email"
          autoFocus
          disabled={locked}
          error={errors.email}
        />
        <StatusAlert status={status} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={locked}>
          {translate(status.kind === 'busy' ? 'olympus.auth.please_wait' : 'olympus.auth.reset.submit')}
        </Button>
      </Stack>
      <Box sx={{ textAlign: 'center' }}>
        <RouterLink to="/login-form">{translate('olympus.auth.reset.back')}</RouterLink>
      </Box>
    </AuthCard>
  );
}
