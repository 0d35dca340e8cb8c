// Everything under /dashboard: react-admin's admin UI with the Olympus layout and the registry of
// resources and pages. Loaded lazily (App.tsx) so the sign-in pages do not download the admin.
import { CssBaseline } from '@mui/material';
import {
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  Error as ErrorPage,
  Notification,
  Resource,
  ResourceDefinitionContext,
  type ResourceDefinitionContextValue,
} from 'react-admin';
import { Route } from 'react-router';
import { pages, resources } from '../../resources';
import { OlympusLayout } from '../layout/OlympusLayout';
import DashboardPage from '../pages/DashboardPage';
import LoadingScreen from '../pages/LoadingScreen';
import NotFoundPage from '../pages/NotFoundPage';
import { ToDashboard } from './ToDashboard';

const AdminLoading = () => <LoadingScreen />;

/**
 * The resources' definitions, known before the first render: the resources are declared once and never
 * change. react-admin registers each <Resource> in an effect after the first render, and unregisters and
 * registers them all again once it has gathered its routes, each time changing its definitions and so
 * rendering the whole admin again (twice, ~500 components each, before the first row is painted). Given
 * here, registering changes nothing (docs/speed.md "Rendering").
 */
const DEFINITIONS: ResourceDefinitionContextValue = {
  definitions: Object.fromEntries(resources.map((r) => [r.name, Resource.registerResource(r)])),
  register: () => {},
  unregister: () => {},
};

export default function AdminRoutes() {
  return (
    <ResourceDefinitionContext.Provider value={DEFINITIONS}>
      {/* react-admin's AdminUI, given every page it would otherwise default: its defaults (the login form with
          react-hook-form, the auth callback) would ship in this chunk unused (docs/speed.md). */}
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          disableTelemetry
          requireAuth
          title="olympus.app_name"
          layout={OlympusLayout}
          dashboard={DashboardPage}
          catchAll={NotFoundPage}
          loading={AdminLoading}
          accessDenied={ToDashboard}
          authenticationError={AuthenticationError}
          error={ErrorPage}
          // Sign-in lives outside the admin, at /login (App.tsx): no react-admin login or auth-callback routes.
          loginPage={false}
          authCallbackPage={false}
        >
          {resources.map((r) => (
            <Resource key={r.name} {...r} />
          ))}
          <CustomRoutes>
            {pages.map(({ path, component: Page }) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            {/* Always one custom route: with no Resource and no CustomRoutes react-admin shows its own
                "empty admin" welcome screen instead of the layout and dashboard. */}
            <Route path="access-denied" element={<ToDashboard />} />
          </CustomRoutes>
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </ResourceDefinitionContext.Provider>
  );
}
