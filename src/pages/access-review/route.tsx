// The access review as the admin registers it (resources/index.ts `pages`): lazy, so its code loads
// only when opened. The route guard (contract/access.ts, area accessReview) keeps others out.
import { lazy, Suspense } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'ra-core';

const AccessReviewPage = lazy(() => import('./AccessReviewPage'));

function ReviewLoading() {
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

export function AccessReviewRoute() {
  return (
    <Suspense fallback={<ReviewLoading />}>
      <AccessReviewPage />
    </Suspense>
  );
}
