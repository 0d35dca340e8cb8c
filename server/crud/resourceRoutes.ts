// The admin resources under /api/v1 (declared ones: docs/resources.md). Every route registered here must declare
// `config.access` (./access.ts): this plugin refuses to start otherwise, puts the check in front of
// validation, and records the route for the authorization matrix test.
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { existsSync } from 'node:fs';
import integrationRoutes from '../integrations/routes';
import permissionRoutes from '../permissions/routes';
import userSessionsRoutes from '../session/userSessionsRoutes';
import reviewRoutes from '../users/reviewRoutes';
import userTwoFactorRoutes from '../twoFactor/userTwoFactorRoutes';
import invitationRoutes from '../users/invitationRoutes';
import auditRoutes from '../auditLog/routes';
import { authorize, recordRoute } from '../http/routeAccess';
import { mountedOn } from './dependents';
import { plainCrud } from './plainBindings';
import type { Crud } from '.';
import { BINDINGS } from './bindings';
import { DeclarationError } from '../../contract/resources/registryCheck';
import { DECLARED_RESOURCES } from '../../contract/resources';
import type { ResourceDecl } from '../../contract/resources/declare';

/**
 * A declared resource's server side: its own binding when ./bindings.ts names it (`defineCrud(decl,
 * binding, hooks)`: a resource with hooks), else the generic one on its derived table. A
 * `server/<name>/binding.ts` the map does not name stops the start, naming the line to add: a binding
 * written but never used would silently leave its hooks out.
 */
export function crudOf(decl: ResourceDecl): Crud {
  const bound = Object.hasOwn(BINDINGS, decl.name) ? BINDINGS[decl.name] : undefined;
  if (!bound) {
    if (existsSync(new URL(`../${decl.name}/binding.ts`, import.meta.url)))
      throw new DeclarationError(
        `server/${decl.name}/binding.ts is not used: add \`${decl.name}: <its export>,\` to BINDINGS in server/crud/bindings.ts (docs/resources.md "Binding and hooks")`,
      );
    return plainCrud(decl);
  }
  if (bound.decl !== decl)
    throw new DeclarationError(
      `server/crud/bindings.ts: "${decl.name}" must be \`defineCrud(<the ${decl.name} declaration>, …)\` (docs/resources.md "Binding and hooks")`,
    );
  return bound;
}

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
    for (const method of [route.method].flat())
      if (method !== 'HEAD') recordRoute(app, { method, url: route.url, access, body: route.schema?.body });
    // A delete's `?purge=true` is a route of its own to the matrices: a super admin's only.
    if (access.purgeSuperAdminOnly)
      recordRoute(app, {
        method: 'DELETE',
        url: `${route.url}?purge=true`,
        access: { ...access, purgeSuperAdminOnly: undefined, superAdminOnly: true },
      });
  });

  // One registry of the declared resources below, so a delete finds every reference to its record.
  mountedOn(app);
  for (const decl of DECLARED_RESOURCES) await app.register(crudOf(decl).routes);
  await app.register(integrationRoutes);
  await app.register(permissionRoutes);
  await app.register(userSessionsRoutes);
  await app.register(reviewRoutes);
  await app.register(userTwoFactorRoutes);
  await app.register(invitationRoutes);
  await app.register(auditRoutes);
  for (const plugin of opts.extra ?? []) await app.register(plugin);
}
