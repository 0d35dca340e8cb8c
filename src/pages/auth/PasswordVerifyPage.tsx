// Password reset verify: email, new password, confirmation and the emailed code. Mismatch is
// caught here (no request); on success the server's message, then /login after 1.5 s.
import { useState, type FormEvent } from 'react';
import { Box, Button, Stack } from '@mui/material';
import { useSearchParams } from 'react-router';
import { useTranslate } from 'react-admin';
import { isSuccess } from '../../../providers/httpClient';
import { passwordVerify } from '../../../providers/olympusApi';
import AuthCard from './AuthCard';
import AuthField from './AuthField';
import { BUSY, IDLE, isLocked, StatusAlert, type FormStatus } from './FormStatus';
import { fieldErrors, successMessage, failureText } from './authResult';
import RouterLink from './RouterLink';
import { DELAYS, useDelayedNavigate } from './useDelayedNavigate';

export default function PasswordVerifyPage() {
  const translate = useTranslate();
  const schedule = useDelayedNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [code, setCode] = useState('');
  const [status, setStatus] = useState<FormStatus>(IDLE);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLocked(status)) return;
    setErrors({});
    if (password !== confirmation) {
      setStatus({ kind: 'error', text: translate('olympus.auth.verify.mismatch') });
      return;
    }
    setStatus(BUSY);
    const res = await passwordVerify({ email, new_password: password, verification_code: code.trim() });
    if (isSuccess(res)) {
      setStatus({ kind: 'success', text: successMessage(res) ?? translate('olympus.auth.redirecting') });
      schedule('/login', DELAYS.afterReset);
      return;
    }
    setErrors(fieldErrors(res));
    setStatus({ kind: 'error', text: failureText(res, translate) });
  };

  const locked = isLocked(status);
  return (
    <AuthCard title={translate('olympus.auth.verify.title')}>
      <Stack component="form" spacing={2} onSubmit={submit}>
        <AuthField
          name="email"
          type="email"
          label={translate('olympus.auth.verify.email')}
          value={email}
          onChange={setEmail}
          autoComplete="email"
          disabled={locked}
          error={errors.email}
        />
        <AuthField
          name="new_password"
          type="password"
          label={translate('olympus.auth.verify.password')}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          disabled={locked}
          error={errors.new_password}
        />
        <AuthField
          name="new_password_confirmation"
          type="password"
          label={translate('olympus.auth.verify.confirmation')}
          value={confirmation}
          onChange={setConfirmation}
          autoComplete="new-password"
          disabled={locked}
        />
        <AuthField
          name="verification_code"
          label={translate('olympus.auth.verify.code')}
          value={code}
          onChange={setCode}
          autoComplete="one-time-code"
          disabled={locked}
          error={errors.verification_code}
          helperText={translate('olympus.auth.verify.code_help')}
        />
        <StatusAlert status={status} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={locked}>
          {translate(status.kind === 'busy' ? 'olympus.auth.please_wait' : 'olympus.auth.verify.submit')}
        </Button>
      </Stack>
      <Box sx={{ textAlign: 'center' }}>
        <RouterLink to="/login-form">{translate('olympus.auth.verify.back')}</RouterLink>
      </Box>
    </AuthCard>
  );
}
