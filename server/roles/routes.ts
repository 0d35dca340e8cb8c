// Olympus roles (SPEC §2 RolesIndex/Create/Edit, issue 3 contract): super_admin only (SPEC §6). The
// super_admin role itself can be read but never changed or removed; a role still given to users
// cannot be removed; role and permissions are written in one transaction. Anyone else holding
// roles.* (a custom role) grants only permissions they hold and changes only roles within their own
// permissions (./grantable.ts); the forms offer only those.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { eq } from 'drizzle-orm';
import { ApiError, conflict, forbidden, notFound } from '../errors';
import { rolePermissions, roles } from '../db/schema';
import { accessRules } from '../resources/access';
import { auditChange } from '../resources/audit';
import { FOREIGN_KEY_VIOLATION, isUuid, pgError, UNIQUE_VIOLATION, type Conn, type Tx } from '../resources/db';
import { FieldErrors } from '../resources/errors';
import { ListQuery, listResponse, sendList } from '../resources/lists';
import { errorResponses, IdParams, MessageResponse, mutationResponse } from '../resources/schemas';
import { requiredText } from '../resources/values';
import { EmptyData, formResponse } from '../forms/schema';
import { withValues } from '../forms/fields';
import { requireAuth } from '../auth/guard';
import type { AuthContext } from '../types';
import { loadPermissions } from '../permissions/queries';
import { ADMIN, SUPER_ADMIN, SYSTEM_USER } from '../../contract/roles';
import { roleForm } from './fields';
import { GRANT_MSG, mayChangeTwoFactorRule, permissionsNotHeld } from './grantable';
import { findRole, listRoles, olympusSystemId, roleInUse, roleNameTaken, type RoleRecord } from './queries';
import { RoleCreateBody, RoleSchema, RoleUpdateBody } from './schemas';

export const ROLE_MSG = {
  notFound: 'Role not found.',
  superAdmin: 'The super_admin role cannot be changed.',
  nameTaken: 'The role name has already been taken.',
  builtInName: 'The name of a built-in role cannot be changed.',
  inUse: 'This role is still given to users. Remove it from them first.',
  unknownPermission: (name: string) => `The permission ${name} does not exist.`,
  created: 'The role has been created',
  updated: 'The role has been updated',
  deleted: 'The role has been deleted',
} as const;

/** SPEC §6 refers to these by name: renaming one would silently change who may do what. */
const BUILT_IN = [SUPER_ADMIN, ADMIN, SYSTEM_USER];

const rules = accessRules('roles', 'global');
const tags = ['roles'];
const nameConflict = () => new ApiError(409, ROLE_MSG.nameTaken, { name: [ROLE_MSG.nameTaken] });

async function roleOr404(db: Conn, id: string) {
  const role = isUuid(id) ? await findRole(db, id) : null;
  if (!role) throw notFound(ROLE_MSG.notFound);
  return role;
}

/** The role PUT/DELETE may touch: never super_admin, and only one granting nothing the caller lacks. */
async function changeableRole(db: Conn, id: string, auth: AuthContext) {
  const role = await roleOr404(db, id);
  if (role.name === SUPER_ADMIN) throw forbidden(ROLE_MSG.superAdmin);
  if (permissionsNotHeld(auth, role.permissions).length) throw forbidden(GRANT_MSG.roleBeyondReach);
  return role;
}

/** 403 naming each wanted permission the caller does not hold. */
function refuseNotHeld(auth: AuthContext, wanted: string[]): void {
  const missing = permissionsNotHeld(auth, wanted);
  if (missing.length) throw new ApiError(403, GRANT_MSG.permissionsNotHeld, { permissions: missing.map(GRANT_MSG.notHeld) });
}

/** 403 when someone other than a super_admin would change the role's two-factor rule. */
function refuseTwoFactorChange(auth: AuthContext, wanted: boolean | undefined, current: boolean): void {
  if (wanted !== undefined && wanted !== current && !mayChangeTwoFactorRule(auth)) {
    throw new ApiError(403, GRANT_MSG.twoFactorSuperAdminOnly, { require_two_factor: [GRANT_MSG.twoFactorSuperAdminOnly] });
  }
}

/** The permission catalogue as the caller may grant it. */
async function grantablePermissions(db: Conn, auth: AuthContext) {
  const catalogue = await loadPermissions(db);
  return catalogue.filter((p) => permissionsNotHeld(auth, [p.name]).length === 0);
}

/** Known, de-duplicated permission names, or 422 naming each unknown one. */
async function checkPermissions(db: Conn, errors: FieldErrors, wanted: string[] | undefined): Promise<string[] | undefined> {
  if (wanted === undefined) return undefined;
  const known = new Set((await loadPermissions(db)).map((p) => p.name));
  const names = [...new Set(wanted.map((p) => p.trim()).filter((p) => p !== ''))];
  for (const name of names) if (!known.has(name)) errors.add('permissions', ROLE_MSG.unknownPermission(name.slice(0, 100)));
  return names;
}

async function setPermissions(tx: Tx, roleId: string, names: string[]): Promise<void> {
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (names.length) await tx.insert(rolePermissions).values(names.map((permission) => ({ roleId, permission })));
}

async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgError(err).code === UNIQUE_VIOLATION) throw nameConflict();
    throw err;
  }
}

const audited = (tx: Tx, req: FastifyRequest, action: string, before: RoleRecord | null, after: RoleRecord | null) =>
  auditChange(tx, req, { action, entity: 'role', entityId: (after ?? before)?.id ?? '', before, after });

const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/roles',
    { schema: { tags, summary: 'The Olympus roles', querystring: ListQuery, response: { 200: listResponse(RoleSchema), ...errorResponses } }, config: rules('view') },
    async (req, reply) => {
      const { plan, ...list } = await listRoles(app.db, req.query);
      return sendList(reply, plan, list);
    },
  );

  app.get(
    '/roles/create',
    { schema: { tags, summary: 'Fields of the role create form', response: { 200: formResponse(EmptyData), ...errorResponses } }, config: rules('create') },
    async (req) => ({ data: {}, fields: withValues(roleForm(await grantablePermissions(app.db, requireAuth(req)), mayChangeTwoFactorRule(requireAuth(req))), { permissions: [], require_two_factor: false }) }),
  );

  app.get(
    '/roles/:id',
    { schema: { tags, summary: 'One role', params: IdParams, response: { 200: Type.Object({ data: RoleSchema }), ...errorResponses } }, config: rules('view') },
    async (req) => ({ data: await roleOr404(app.db, req.params.id) }),
  );

  app.get(
    '/roles/:id/edit',
    { schema: { tags, summary: 'The role and its edit form filled in', params: IdParams, response: { 200: formResponse(RoleSchema), ...errorResponses } }, config: rules('update') },
    async (req) => {
      const auth = requireAuth(req);
      const role = await roleOr404(app.db, req.params.id);
      const beyond = permissionsNotHeld(auth, role.permissions).length > 0;
      // A role the caller cannot change is shown with every permission it has, locked.
      const fields = withValues(roleForm(beyond ? await loadPermissions(app.db) : await grantablePermissions(app.db, auth), mayChangeTwoFactorRule(auth)), role);
      // super_admin can be looked at, not changed: say so in the form too.
      const locked = role.name === SUPER_ADMIN || beyond ? fields.map((g) => ({ ...g, fields: g.fields.map((f) => ({ ...f, disabled: true })) })) : fields;
      return { data: role, fields: locked };
    },
  );

  app.post(
    '/roles',
    { schema: { tags, summary: 'Create an Olympus role with its permissions', body: RoleCreateBody, response: { 201: mutationResponse(RoleSchema), ...errorResponses } }, config: rules('create') },
    async (req, reply) => {
      const errors = new FieldErrors();
      const name = requiredText(errors, 'name', req.body.name);
      const label = requiredText(errors, 'label', req.body.label);
      const permissions = (await checkPermissions(app.db, errors, req.body.permissions)) ?? [];
      errors.throwIfAny();
      refuseNotHeld(requireAuth(req), permissions);
      refuseTwoFactorChange(requireAuth(req), req.body.require_two_factor, false);
      const requireTwoFactor = req.body.require_two_factor === true;
      if (await roleNameTaken(app.db, name as string)) throw nameConflict();
      const role = await writing(() =>
        app.db.transaction(async (tx) => {
          const systemId = await olympusSystemId(tx);
          const [row] = await tx
            .insert(roles)
            .values({ systemId, name: name as string, label: label as string, requireTwoFactor })
            .returning({ id: roles.id });
          await setPermissions(tx, row.id, permissions);
          const created = await roleOr404(tx, row.id);
          await audited(tx, req, 'role.created', null, created);
          return created;
        }),
      );
      reply.code(201);
      return { data: { message: ROLE_MSG.created, ...role } };
    },
  );

  app.put(
    '/roles/:id',
    {
      schema: { tags, summary: 'Update a role and its permissions', params: IdParams, body: RoleUpdateBody, response: { 200: mutationResponse(RoleSchema), ...errorResponses } },
      config: rules('update'),
    },
    async (req) => {
      const auth = requireAuth(req);
      const before = await changeableRole(app.db, req.params.id, auth);
      const errors = new FieldErrors();
      const name = req.body.name === undefined ? before.name : requiredText(errors, 'name', req.body.name);
      const label = req.body.label === undefined ? before.label : requiredText(errors, 'label', req.body.label);
      if (name !== null && name !== before.name && BUILT_IN.includes(before.name)) errors.add('name', ROLE_MSG.builtInName);
      const permissions = await checkPermissions(app.db, errors, req.body.permissions);
      errors.throwIfAny();
      // The role held nothing beyond the caller (changeableRole), so checking the whole new list
      // refuses exactly the permissions being added that the caller lacks.
      if (permissions !== undefined) refuseNotHeld(auth, permissions);
      refuseTwoFactorChange(auth, req.body.require_two_factor, before.require_two_factor);
      const newName = name as string;
      if (newName.toLowerCase() !== before.name.toLowerCase() && (await roleNameTaken(app.db, newName, before.id))) throw nameConflict();
      const role = await writing(() =>
        app.db.transaction(async (tx) => {
          await tx
            .update(roles)
            .set({ name: newName, label: label as string, requireTwoFactor: req.body.require_two_factor ?? before.require_two_factor, updatedAt: new Date() })
            .where(eq(roles.id, before.id));
          if (permissions !== undefined) await setPermissions(tx, before.id, permissions);
          const after = await roleOr404(tx, before.id);
          await audited(tx, req, 'role.updated', before, after);
          return after;
        }),
      );
      return { data: { message: ROLE_MSG.updated, ...role } };
    },
  );

  app.delete(
    '/roles/:id',
    { schema: { tags, summary: 'Delete a role no user holds', params: IdParams, response: { 200: MessageResponse, ...errorResponses } }, config: rules('delete') },
    async (req) => {
      const before = await changeableRole(app.db, req.params.id, requireAuth(req));
      if (await roleInUse(app.db, before.id)) throw conflict(ROLE_MSG.inUse);
      try {
        await app.db.transaction(async (tx) => {
          await tx.delete(roles).where(eq(roles.id, before.id));
          await audited(tx, req, 'role.deleted', before, null);
        });
      } catch (err) {
        if (pgError(err).code === FOREIGN_KEY_VIOLATION) throw conflict(ROLE_MSG.inUse);
        throw err;
      }
      return { data: { message: ROLE_MSG.deleted } };
    },
  );
};

export default roleRoutes;
