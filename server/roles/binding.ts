// Olympus roles on the server: the declaration (contract/resources/roles.ts) bound to its tables, plus
// what only roles do. The super_admin role can be read but never changed or removed; the
// names of the built-in roles stay; a role still given to users cannot be removed (409). Anyone
// holding roles.* but not super_admin grants only permissions they hold and changes only roles within
// their own permissions (./grantable.ts); the forms offer only those. Routes and checks: docs/resources.md.
import { sql } from 'drizzle-orm';
import { groupPermissions } from '../../contract/permissionGroups';
import { roleResource } from '../../contract/resources/roles';
import { ADMIN, OLYMPUS_SYSTEM, SUPER_ADMIN, SYSTEM_USER } from '../../contract/roles';
import type { FormFieldGroup } from '../../contract/forms';
import { requireAuth } from '../auth/guard';
import { rolePermissions, roles, systems } from '../db/schema';
import { ApiError, conflict, forbidden } from '../errors';
import { checkboxes, group } from '../forms/fields';
import { loadPermissions } from '../permissions/queries';
import { defineCrud } from '../crud';
import { FOREIGN_KEY_VIOLATION, pgError, UNIQUE_VIOLATION } from '../db/conn';
import { cleanText } from '../crud/values';
import type { AuthContext } from '../types';
import { GRANT_MSG, mayChangeTwoFactorRule, permissionsNotHeld } from './grantable';
import { olympusSystemId, roleInUse, roleNameTaken } from './queries';

export const ROLE_MSG = {
  superAdmin: 'The super_admin role cannot be changed.',
  nameTaken: 'The role name has already been taken.',
  builtInName: 'The name of a built-in role cannot be changed.',
  inUse: 'This role is still given to users. Remove it from them first.',
} as const;

/** contract/access.ts refers to these by name: renaming one would silently change who may do what. */
const BUILT_IN: readonly string[] = [SUPER_ADMIN, ADMIN, SYSTEM_USER];

const nameConflict = () => new ApiError(409, ROLE_MSG.nameTaken, { name: [ROLE_MSG.nameTaken] });
const inOlympus = sql`${roles.systemId} = (select ${systems.id} from ${systems} where ${systems.name} = ${OLYMPUS_SYSTEM})`;
const held = (v: unknown) => v as string[];

/** 403 naming each wanted permission the caller does not hold. */
function refuseNotHeld(auth: AuthContext, wanted: string[]): void {
  const missing = permissionsNotHeld(auth, wanted);
  if (missing.length)
    throw new ApiError(403, GRANT_MSG.permissionsNotHeld, { permissions: missing.map(GRANT_MSG.notHeld) });
}

/** The role form as this caller gets it: the permissions one group per prefix, only those they may give. */
function callerForm(
  auth: AuthContext,
  [role, permissions]: FormFieldGroup[],
  record: Record<string, unknown> | null,
): FormFieldGroup[] {
  // A role the caller cannot change is shown with every permission it has, locked.
  const beyond = record !== null && permissionsNotHeld(auth, held(record.permissions)).length > 0;
  const catalogue = Object.entries(permissions.fields[0].options ?? {}).map(([name, label]) => ({ name, label }));
  const offered = beyond ? catalogue : catalogue.filter((p) => permissionsNotHeld(auth, [p.name]).length === 0);
  const groups = [
    { ...role, fields: role.fields.filter((f) => f.name !== 'require_two_factor' || mayChangeTwoFactorRule(auth)) },
    ...groupPermissions(offered).map((g) =>
      group(g.title, [
        checkboxes('permissions', g.title, Object.fromEntries(g.permissions.map((p) => [p.name, p.label]))),
      ]),
    ),
  ];
  // super_admin can be looked at, not changed: say so in the form too.
  const locked = beyond || record?.name === SUPER_ADMIN;
  return locked ? groups.map((g) => ({ ...g, fields: g.fields.map((f) => ({ ...f, disabled: true })) })) : groups;
}

export const roleCrud = defineCrud(
  roleResource,
  {
    table: roles,
    many: {
      permissions: {
        table: rolePermissions,
        owner: 'role_id',
        value: 'permission',
        options: async (db) => Object.fromEntries((await loadPermissions(db)).map((p) => [p.name, p.label])),
      },
    },
  },
  {
    // Roles of other systems (Everest, the portal) are not Olympus roles: as if they did not exist.
    access: () => inOlympus,
    accessRecord({ req, record }) {
      if (record.name === SUPER_ADMIN) throw forbidden(ROLE_MSG.superAdmin);
      if (permissionsNotHeld(requireAuth(req), held(record.permissions)).length)
        throw forbidden(GRANT_MSG.roleBeyondReach);
    },
    async validate({ body, errors, before }) {
      const name = cleanText(body.name as string | undefined);
      if (before && name !== null && name !== before.name && BUILT_IN.includes(before.name as string))
        errors.add('name', ROLE_MSG.builtInName);
    },
    async beforeChange({ db, req, body, values, before }) {
      const auth = requireAuth(req);
      // The role held nothing beyond the caller (accessRecord), so checking the whole new list
      // refuses exactly the permissions being added that the caller lacks.
      if (body.permissions !== undefined) refuseNotHeld(auth, held(body.permissions));
      const twoFactor = body.require_two_factor as boolean | undefined;
      if (
        twoFactor !== undefined &&
        twoFactor !== (before?.require_two_factor ?? false) &&
        !mayChangeTwoFactorRule(auth)
      ) {
        throw new ApiError(403, GRANT_MSG.twoFactorSuperAdminOnly, {
          require_two_factor: [GRANT_MSG.twoFactorSuperAdminOnly],
        });
      }
      // Names are unique without letter case, so "Admin" cannot shadow "admin".
      const name = values.name as string | undefined;
      const renamed = name !== undefined && name.toLowerCase() !== (before?.name as string | undefined)?.toLowerCase();
      if (renamed && (await roleNameTaken(db, name, before?.id as string | undefined))) throw nameConflict();
      if (!before) values.systemId = await olympusSystemId(db);
    },
    async beforeDelete({ db, record }) {
      if (await roleInUse(db, record.id as string)) throw conflict(ROLE_MSG.inUse);
    },
    // The same answers when a concurrent request wins the race past the checks above.
    afterError(err, action) {
      const { code } = pgError(err);
      if (code === UNIQUE_VIOLATION && action !== 'delete') return nameConflict();
      if (code === FOREIGN_KEY_VIOLATION && action === 'delete') return conflict(ROLE_MSG.inUse);
      return undefined;
    },
    form: async ({ req, groups, values, record }) => ({ groups: callerForm(requireAuth(req), groups, record), values }),
  },
);

export const RoleSchema = roleCrud.schemas.read;

/** This resource's binding, named in server/crud/bindings.ts (docs/resources.md "Binding and hooks"). */
export default roleCrud;
