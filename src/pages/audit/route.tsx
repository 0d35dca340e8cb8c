// The audit log as the admin registers it (resources/index.ts `pages`): lazy, so its code loads only
// when opened. The route guard (contract/access.ts, area audit) keeps out whoever lacks audit.view.
import { lazy, Suspense } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'ra-core';

const AuditLogPage = lazy(() => import('./AuditLogPage'));

function AuditLoading() {
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

export function AuditRoute() {
  return (
    <Suspense fallback={<AuditLoading />}>
      <AuditLogPage />
    </Suspense>
  );
}
