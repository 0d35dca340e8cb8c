// The first-login password: reached from a login that answered a session; uses the stored
// session and username. Mismatch is caught here (no request); a server error shows
// "{message}. Redirecting..." and returns to /login.
import { useState, type FormEvent } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { Navigate } from 'react-router';
import { useTranslate } from 'react-admin';
import { completeLogin } from '../../../providers/authSession';
import { isSuccess } from '../../../providers/httpClient';
import { passwordNew } from '../../../providers/olympusApi';
import { authStore } from '../../../providers/store';
import AuthCard from './AuthCard';
import AuthField from './AuthField';
import { BUSY, IDLE, isLocked, StatusAlert, type FormStatus } from './FormStatus';
import { fieldErrors, serverMessage, successMessage } from './authResult';
import { useAfterLogin } from './loginRedirect';
import { DELAYS, useDelayedNavigate } from './useDelayedNavigate';

export default function PasswordNewPage() {
  const translate = useTranslate();
  const schedule = useDelayedNavigate();
  const afterLogin = useAfterLogin();
  // Read once: completing the login clears session and username from the store, and this page must
  // keep showing its success message rather than bounce to /login.
  const [challenge] = useState(() => {
    const { session, username } = authStore.get();
    return session && username ? { session, username } : null;
  });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [status, setStatus] = useState<FormStatus>(IDLE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [leaving, setLeaving] = useState(false);

  if (!challenge) return <Navigate to="/login" replace />;
  const { session, username } = challenge;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLocked(status) || leaving) return;
    setErrors({});
    if (password !== confirmation) {
      setStatus({ kind: 'error', text: translate('olympus.auth.password_new.mismatch') });
      return;
    }
    setStatus(BUSY);
    const res = await passwordNew({ username, name: username, new_password: password, session });
    const data = isSuccess(res) ? res.data : undefined;
    if (data) {
      const text = successMessage(res) ?? translate('olympus.auth.redirecting');
      setStatus({ kind: 'success', text });
      if ('access_token' in data && data.access_token && (await completeLogin({ status: 200, data })) === 'token') {
        await afterLogin(null, DELAYS.afterLogin);
        return;
      }
      // No token in the answer: the password is set, sign in with it.
      authStore.reset();
      schedule('/login', DELAYS.afterLogin);
      return;
    }
    const message = serverMessage(res);
    if (!message) {
      setStatus({ kind: 'error', text: translate('olympus.auth.error.generic') });
      return;
    }
    // The challenge is single use: start over from the login screen.
    setErrors(fieldErrors(res));
    setStatus({ kind: 'error', text: translate('olympus.auth.error.server_redirecting', { message }) });
    setLeaving(true);
    authStore.reset();
    schedule('/login', DELAYS.afterReset);
  };

  const locked = isLocked(status) || leaving;
  return (
    <AuthCard title={translate('olympus.auth.password_new.title')}>
      <Typography variant="body2" color="text.secondary" align="center">
        {translate('olympus.auth.password_new.intro')}
      </Typography>
      <Stack component="form" spacing={2} onSubmit={submit}>
        <AuthField
          name="username"
          label={translate('olympus.auth.password_new.username')}
          value={username}
          onChange={() => undefined}
          autoComplete="username"
          readOnly
          required={false}
        />
        <AuthField
          name="new_password"
          type="password"
          label={translate('olympus.auth.password_new.password')}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          autoFocus
          disabled={locked}
          error={errors.new_password}
        />
        <AuthField
          name="new_password_confirmation"
          type="password"
          label={translate('olympus.auth.password_new.confirmation')}
          value={confirmation}
          onChange={setConfirmation}
          autoComplete="new-password"
          disabled={locked}
        />
        <StatusAlert status={status} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={locked}>
          {translate(status.kind === 'busy' ? 'olympus.auth.please_wait' : 'olympus.auth.password_new.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
