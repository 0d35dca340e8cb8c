// The login form's second step for a user with two-factor sign-in: the 6-digit code from the
// authenticator app, or "Use a recovery code". Success continues exactly as a token login does
// (the same message, delay and ?system= redirect); a failure shows the server's message.
import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { completeLogin } from '../../../providers/authSession';
import { loginMfa } from '../../../providers/olympusApi';
import AuthField from './AuthField';
import { BUSY, IDLE, isLocked, StatusAlert, type FormStatus } from './FormStatus';
import { failureText } from './authResult';
import { useAfterLogin, withSystem } from './loginRedirect';
import RouterLink from './RouterLink';
import { DELAYS } from './useDelayedNavigate';

const t = (key: string) => `olympus.auth.second_factor.${key}`;

export default function SecondFactorStep({ challenge, system }: { challenge: string; system: string | null }) {
  const translate = useTranslate();
  const afterLogin = useAfterLogin();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [status, setStatus] = useState<FormStatus>(IDLE);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLocked(status)) return;
    setStatus(BUSY);
    const res = await loginMfa(challenge, code.trim());
    if ((await completeLogin(res)) === 'token') {
      setStatus({ kind: 'success', text: translate('olympus.auth.form.success') });
      await afterLogin(system, DELAYS.afterLogin);
      return;
    }
    setStatus({ kind: 'error', text: failureText(res, translate) });
  };

  const switchKind = () => {
    setRecovery(!recovery);
    setCode('');
    setStatus(IDLE);
  };

  const locked = isLocked(status);
  return (
    <>
      <Typography variant="h6" component="h2">
        {translate(t('title'))}
      </Typography>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate={false}>
        {recovery ? (
          <AuthField
            key="recovery"
            name="recovery_code"
            label={translate(t('recovery'))}
            value={code}
            onChange={setCode}
            autoComplete="off"
            autoFocus
            disabled={locked}
            helperText={translate(t('recovery_help'))}
          />
        ) : (
          <AuthField
            key="totp"
            name="code"
            label={translate(t('code'))}
            value={code}
            onChange={setCode}
            autoComplete="one-time-code"
            autoFocus
            disabled={locked}
            helperText={translate(t('code_help'))}
            inputMode="numeric"
          />
        )}
        <StatusAlert status={status} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={locked}>
          {translate(status.kind === 'busy' ? 'olympus.auth.please_wait' : t('submit'))}
        </Button>
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <RouterLink to={withSystem('/login', system)}>{translate(t('back'))}</RouterLink>
        <Button
          variant="text"
          size="small"
          onClick={switchKind}
          disabled={locked}
          sx={{ p: 0, minWidth: 0, textTransform: 'none' }}
        >
          {translate(t(recovery ? 'use_app' : 'use_recovery'))}
        </Button>
      </Box>
    </>
  );
}
