// The single-sign-on screen: "Login with Azure" sends the browser to the provider's URL the API
// answers; a missing URL or failed call is the "Internal error" notification.
import { useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { useSearchParams } from 'react-router';
import { useNotify, useTranslate } from 'react-admin';
import { azureLoginUrl } from '../../../providers/olympusApi';
import AuthCard from './AuthCard';
import { withSystem } from './loginRedirect';
import RouterLink from './RouterLink';

export default function LoginPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [params] = useSearchParams();
  const system = params.get('system');
  const [busy, setBusy] = useState(false);

  const loginWithAzure = async () => {
    setBusy(true);
    const res = await azureLoginUrl(system);
    const url = res && res.status === 200 ? res.data?.url : undefined;
    if (typeof url === 'string' && url) {
      // Stays busy: the browser is leaving for the provider.
      window.location.assign(url);
      return;
    }
    notify('olympus.auth.error.internal', { type: 'error' });
    setBusy(false);
  };

  return (
    <AuthCard title={translate('olympus.auth.sso.title')}>
      {params.has('error') && <Alert severity="error">{translate('olympus.auth.error.cannot_login')}</Alert>}
      <Button variant="contained" size="large" fullWidth disabled={busy} onClick={loginWithAzure}>
        {translate(busy ? 'olympus.auth.please_wait' : 'olympus.auth.sso.azure')}
      </Button>
      <Box sx={{ textAlign: 'center' }}>
        <RouterLink to={withSystem('/login-form', system)}>{translate('olympus.auth.sso.email_link')}</RouterLink>
      </Box>
    </AuthCard>
  );
}
