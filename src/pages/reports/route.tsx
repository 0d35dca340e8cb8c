// The Reports page as the admin registers it (resources/index.ts `pages`): a small wrapper so the page
// itself, its charts and the Power BI client stay out of the sign-in and dashboard bundles.
import { lazy, Suspense } from 'react';
import { ReportsLoading } from './ReportsLoading';

const ReportsPage = lazy(() => import('./ReportsPage'));

export function ReportsRoute() {
  return (
    <Suspense fallback={<ReportsLoading />}>
      <ReportsPage />
    </Suspense>
  );
}
