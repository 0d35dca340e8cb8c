// The admin resources of issue 3 under /api/v1. Every route registered here must declare
// `config.access` (./access.ts): this plugin refuses to start otherwise, puts the check in front of
// validation, and records the route for the authorization matrix test.
import type { FastifyInstance, RouteOptions } from 'fastify';
import userRoutes from '../users/routes';
import companyRoutes from '../companies/routes';
import integrationRoutes from '../integrations/routes';
import propertyRoutes from '../properties/routes';
import unitRoutes from '../units/routes';
import roleRoutes from '../roles/routes';
import permissionRoutes from '../permissions/routes';
import userSessionsRoutes from '../session/userSessionsRoutes';
import reviewRoutes from '../users/reviewRoutes';
import userTwoFactorRoutes from '../twoFactor/userTwoFactorRoutes';
import { authorize, recordRoute } from './access';

type Hooks = RouteOptions['preValidation'];
const asList = (hooks: Hooks) => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

export default async function resourceRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url}: a resource route must declare config.access`);
    // Fastify adds a HEAD twin to every GET route from the options as they were before this hook:
    // it must be checked too (it runs the handler), so add the checks wherever they are missing.
    const hooks = asList(route.preValidation);
    if (!hooks.includes(authorize)) route.preValidation = [authorize, ...hooks] as Hooks;
    for (const method of [route.method].flat()) if (method !== 'HEAD') recordRoute({ method, url: route.url, access, body: route.schema?.body });
  });

  await app.register(userRoutes);
  await app.register(companyRoutes);
  await app.register(integrationRoutes);
  await app.register(propertyRoutes);
  await app.register(unitRoutes);
  await app.register(roleRoutes);
  await app.register(permissionRoutes);
  await app.register(userSessionsRoutes);
  await app.register(reviewRoutes);
  await app.register(userTwoFactorRoutes);
}
