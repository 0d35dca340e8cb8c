// The Azure callback: exchanges ?code (and ?state) for a login with the same token-or-session
// logic as the form: token → dashboard (or data.system) after 1 s, session → /password/new,
// anything else → /login?error=true after 100 ms.
import { useEffect, useRef } from 'react';
import { CircularProgress, Stack, Typography } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslate } from 'react-admin';
import { completeLogin } from '../../../providers/authSession';
import { azureCallback } from '../../../providers/olympusApi';
import AuthCard from './AuthCard';
import { useAfterLogin } from './loginRedirect';
import { DELAYS, useDelayedNavigate } from './useDelayedNavigate';

const FAILED = '/login?error=true';

export default function AzureCallbackPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const schedule = useDelayedNavigate();
  const afterLogin = useAfterLogin();
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const refused = params.has('error') || !code;
  // The code is single use: StrictMode's second effect run must not send it again.
  const started = useRef(false);

  useEffect(() => {
    if (refused) {
      schedule(FAILED, DELAYS.azureFailure);
      return;
    }
    if (started.current) return;
    started.current = true;
    void (async () => {
      const res = await azureCallback(code, state);
      const outcome = await completeLogin(res);
      if (outcome === 'session') navigate('/password/new');
      else if (outcome === 'token') await afterLogin(res?.data?.system, DELAYS.azureSuccess);
      else schedule(FAILED, DELAYS.azureFailure);
    })();
    // Runs once per callback URL; the callbacks are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the code is single use (see above)
  }, [code, state, refused]);

  return (
    <AuthCard>
      <Stack spacing={2} role="status" sx={{ alignItems: 'center' }}>
        <CircularProgress aria-hidden />
        <Typography align="center">{translate('olympus.auth.callback.authenticating')}</Typography>
      </Stack>
    </AuthCard>
  );
}
