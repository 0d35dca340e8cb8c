// The email and password login: idle → "Please wait..." → success and redirect after 1 s
// (dashboard, or the system named by ?system=), a session → /password/new, or an error. A user with
// two-factor sign-in gets the code step (./SecondFactorStep.tsx) in place of the form.
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslate } from 'react-admin';
import { completeLogin } from '../../../providers/authSession';
import { login } from '../../../providers/olympusApi';
import AuthCard from './AuthCard';
import AuthField from './AuthField';
import { BUSY, IDLE, isLocked, StatusAlert, type FormStatus } from './FormStatus';
import { fieldErrors, failureText } from './authResult';
import { useAfterLogin, withSystem } from './loginRedirect';
import RouterLink from './RouterLink';
import SecondFactorStep from './SecondFactorStep';
import { DELAYS } from './useDelayedNavigate';

export default function LoginFormPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const afterLogin = useAfterLogin();
  const [params] = useSearchParams();
  const system = params.get('system');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<FormStatus>(IDLE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [challenge, setChallenge] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLocked(status)) return;
    setStatus(BUSY);
    setErrors({});
    const res = await login(email, password);
    const outcome = await completeLogin(res);
    if (outcome === 'session') {
      navigate('/password/new');
      return;
    }
    if (outcome === 'second_factor' && res?.data && 'challenge' in res.data) {
      setStatus(IDLE);
      setPassword('');
      setChallenge(res.data.challenge);
      return;
    }
    if (outcome === 'token') {
      setStatus({ kind: 'success', text: translate('olympus.auth.form.success') });
      await afterLogin(system, DELAYS.afterLogin);
      return;
    }
    setErrors(fieldErrors(res));
    setStatus({ kind: 'error', text: failureText(res, translate) });
  };

  const locked = isLocked(status);
  if (challenge) {
    return (
      <AuthCard title={translate('olympus.auth.form.title')}>
        <SecondFactorStep challenge={challenge} system={system} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={translate('olympus.auth.form.title')}>
      {params.has('error') && <Alert severity="error">{translate('olympus.auth.error.cannot_login')}</Alert>}
      <Stack component="form" spacing={2} onSubmit={submit}>
        <AuthField
          name="email"
          type="email"
          label={translate('olympus.auth.form.email')}
          value={email}
          onChange={setEmail}
          autoComplete="username"
          autoFocus
          disabled={locked}
          error={errors.email}
        />
        <AuthField
          name="password"
          type="password"
          label={translate('olympus.auth.form.password')}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          disabled={locked}
          error={errors.password}
        />
        <StatusAlert status={status} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={locked}>
          {translate(status.kind === 'busy' ? 'olympus.auth.please_wait' : 'olympus.auth.form.submit')}
        </Button>
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <RouterLink to={withSystem('/login', system)}>{translate('olympus.auth.form.back')}</RouterLink>
        <RouterLink to="/password/reset">{translate('olympus.auth.form.forgot')}</RouterLink>
      </Box>
    </AuthCard>
  );
}
