// The admin resources under /api/v1 (declared ones: docs/resources.md). Every route registered here must declare
// `config.access` (./access.ts): this plugin refuses to start otherwise, puts the check in front of
// validation, and records the route for the authorization matrix test.
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { userCrud } from '../users/routes';
import { companyCrud } from '../companies/routes';
import integrationRoutes from '../integrations/routes';
import { propertyCrud } from '../properties/routes';
import { unitCrud } from '../units/routes';
import { roleCrud } from '../roles/routes';
import { reportCrud } from '../reports/manage';
import permissionRoutes from '../permissions/routes';
import userSessionsRoutes from '../session/userSessionsRoutes';
import reviewRoutes from '../users/reviewRoutes';
import userTwoFactorRoutes from '../twoFactor/userTwoFactorRoutes';
import invitationRoutes from '../users/invitationRoutes';
import auditRoutes from '../auditLog/routes';
import { authorize, recordRoute } from './access';
import { mountedOn } from './crud/dependents';
import { plainRoutes } from './plainBindings';
import { DECLARED_RESOURCES } from '../../contract/resources';

/**
 * The declared resources bound by hand, for their hooks (server/<name>/routes.ts). Every other
 * declared resource (contract/resources/index.ts) is served on its derived table as it is.
 */
const BOUND = [userCrud, companyCrud, propertyCrud, unitCrud, roleCrud, reportCrud];

type Hooks = RouteOptions['preValidation'];
const asList = (hooks: Hooks) => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

export interface ResourceRoutesOptions {
  /** More resource route plugins under the same rules (tests declare throwaway resources with it). */
  extra?: readonly FastifyPluginAsync[];
}

export default async function resourceRoutes(app: FastifyInstance, opts: ResourceRoutesOptions = {}): Promise<void> {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url}: a resource route must declare config.access`);
    // Fastify adds a HEAD twin to every GET route from the options as they were before this hook:
    // it must be checked too (it runs the handler), so add the checks wherever they are missing.
    const hooks = asList(route.preValidation);
    if (!hooks.includes(authorize)) route.preValidation = [authorize, ...hooks] as Hooks;
    for (const method of [route.method].flat()) if (method !== 'HEAD') recordRoute({ method, url: route.url, access, body: route.schema?.body });
    // A delete's `?purge=true` is a route of its own to the matrices: a super admin's only.
    if (access.purgeSuperAdminOnly) recordRoute({ method: 'DELETE', url: `${route.url}?purge=true`, access: { ...access, purgeSuperAdminOnly: undefined, superAdminOnly: true } });
  });

  // One registry of the declared resources below, so a delete finds every reference to its record.
  mountedOn(app);
  await app.register(userCrud.routes);
  await app.register(companyCrud.routes);
  await app.register(integrationRoutes);
  await app.register(propertyCrud.routes);
  await app.register(unitCrud.routes);
  await app.register(roleCrud.routes);
  await app.register(reportCrud.routes);
  for (const plugin of plainRoutes(DECLARED_RESOURCES, BOUND)) await app.register(plugin);
  await app.register(permissionRoutes);
  await app.register(userSessionsRoutes);
  await app.register(reviewRoutes);
  await app.register(userTwoFactorRoutes);
  await app.register(invitationRoutes);
  await app.register(auditRoutes);
  for (const plugin of opts.extra ?? []) await app.register(plugin);
}
