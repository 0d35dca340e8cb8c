// The whole SPA: one react-admin AdminContext (providers, theme, i18n) with the sign-in pages beside
// the admin, which is mounted under /dashboard. Every route passes the route guard
// and every page is a lazy chunk, so /login does not download the admin.
import { Suspense, useState, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { CssBaseline } from '@mui/material';
import { AdminContext } from 'react-admin';
import { adminStore } from '../providers/adminStore';
import { authProvider } from '../providers/authProvider';
import { dataProvider } from '../providers/dataProvider';
import { i18nProvider } from '../providers/i18nProvider';
import { adminQueryClient } from '../providers/queryClient';
import { SiteFrame } from './layout/SiteFrame';
import { theme } from './layout/theme';
import LoadingScreen from './pages/LoadingScreen';
import { StandaloneNotFoundPage } from './pages/NotFoundPage';
import { DASHBOARD_PATH, type Restriction } from './routing/guardDecision';
import { RouteGuard } from './routing/RouteGuard';
import { pageOfRoute } from './routing/pageOfRoute';
import { ROUTES } from './routing/routes';

/** Each route's page, loaded on demand (./routing/routes.ts); the first screen's is in before the first render. */
const PAGES = ROUTES.map((route) => ({ ...route, Page: pageOfRoute(route) }));

const guarded = (restriction: Restriction, page: ReactNode) => (
  <RouteGuard restriction={restriction}>{page}</RouteGuard>
);

export interface AppProps {
  /** Tests pass a fresh client; the app makes its own. Either starts as providers/queryClient.ts says. */
  queryClient?: QueryClient;
}

export default function App({ queryClient }: AppProps) {
  const [client] = useState(() => adminQueryClient(queryClient));
  return (
    <AdminContext
      basename={DASHBOARD_PATH}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      store={adminStore}
      queryClient={client}
    >
      {/* The admin brings its own (./routing/AdminRoutes.tsx); the sign-in pages outside it need one too. */}
      <CssBaseline enableColorScheme />
      <SiteFrame>
        <Suspense fallback={<LoadingScreen />}>
          <Routes>
            {PAGES.map(({ path, restriction, Page }) => (
              <Route key={path} path={path} element={guarded(restriction, <Page />)} />
            ))}
            <Route path="*" element={guarded('login', <StandaloneNotFoundPage />)} />
          </Routes>
        </Suspense>
      </SiteFrame>
    </AdminContext>
  );
}
