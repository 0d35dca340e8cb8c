// The query client react-admin runs on. Its permissions query (usePermissions, which gathers the admin's
// routes) starts with the answer the auth provider would give: the stored session's viewer is known at once,
// so react-admin gathers its routes while its loading page still shows, instead of after the first screen
// has rendered, which rendered that screen again before the browser could paint it (docs/speed.md
// "Rendering"). Signing in invalidates the 'auth' queries and signing out clears them, as before.
import { QueryClient } from '@tanstack/react-query';
import { permissionsNow } from './authProvider';

/** react-admin's query key for authProvider.getPermissions() (ra-core usePermissions). */
const PERMISSIONS_KEY = ['auth', 'getPermissions'];

export function adminQueryClient(client: QueryClient = new QueryClient()): QueryClient {
  // What authProvider.getPermissions() answers, without its asynchronous round.
  client.setQueryDefaults(PERMISSIONS_KEY, { initialData: permissionsNow });
  return client;
}
