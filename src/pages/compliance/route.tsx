// The compliance screen as the admin registers it (resources/index.ts `pages`): lazy, so its code loads only when
// opened. The route guard keeps out those barred from the compliance area; the API asks for compliance.view.
import { lazy, Suspense } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'ra-core';

const CompliancePage = lazy(() => import('./CompliancePage'));

function ComplianceLoading() {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      aria-label={translate('olympus.compliance.loading')}
      sx={{ display: 'flex', justifyContent: 'center', py: 6 }}
    >
      <CircularProgress aria-hidden />
    </Box>
  );
}

export function ComplianceRoute() {
  return (
    <Suspense fallback={<ComplianceLoading />}>
      <CompliancePage />
    </Suspense>
  );
}
