// GET /permissions: the catalogue the role editor offers, wildcards included.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { accessRules } from '../http/routeAccess';
import { errorResponses } from '../http/schemas';
import { loadPermissions } from './queries';

export const PermissionSchema = Type.Object({
  name: Type.String({ description: 'Dotted; "area.*" grants the whole area' }),
  label: Type.String(),
});

const permissionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/permissions',
    {
      schema: {
        tags: ['roles'],
        summary: 'The permission catalogue',
        response: { 200: Type.Object({ data: Type.Array(PermissionSchema) }), ...errorResponses },
      },
      config: accessRules('roles', 'global')('view'),
    },
    async () => ({ data: await loadPermissions(app.db) }),
  );
};

export default permissionRoutes;
