// The account page as the admin registers it (resources/index.ts `pages`): lazy, so its code loads
// only when opened.
import { lazy, Suspense } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'ra-core';

const AccountPage = lazy(() => import('./AccountPage'));

function AccountLoading() {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      aria-label={translate('olympus.loading')}
      sx={{ display: 'flex', justifyContent: 'center', py: 6 }}
    >
      <CircularProgress aria-hidden />
    </Box>
  );
}

export function AccountRoute() {
  return (
    <Suspense fallback={<AccountLoading />}>
      <AccountPage />
    </Suspense>
  );
}
