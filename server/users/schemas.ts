// TypeBox shapes of the user calls (the generic plugin's records and bodies hooks, ./routes.ts):
// the User of contract/types.ts on the wire, form values in.
import { Type } from 'typebox';
import { EMAIL_MAX } from '../../contract/resources/users';
import { Checkbox, Nullable, OptRef, RequiredText, Uuid } from '../resources/schemas';

export const UserSchema = Type.Object({
  uuid: Uuid,
  id: Uuid,
  name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  bypass_sso: Type.Boolean(),
  disabled: Type.Boolean(),
  status: Type.Union([Type.Literal('invited'), Type.Literal('active'), Type.Literal('disabled'), Type.Literal('locked')], {
    description: 'invited: never signed in and no password of their own yet; locked: too many wrong passwords, for now',
  }),
  last_login_at: Nullable(Type.String({ format: 'date-time', description: 'Last sign-in; null: never' })),
  companies: Type.Array(Type.Object({ uuid: Uuid, id: Uuid, name: Type.String() })),
  systems: Type.Array(Type.Object({ uuid: Uuid, name: Type.String(), description: Nullable(Type.String()) })),
  roles: Type.Array(Type.Object({ uuid: Uuid, name: Type.String(), label: Type.String(), system: Type.String() })),
  olympusRole: Nullable(Type.Object({ uuid: Uuid, name: Type.String(), label: Type.String(), permissions: Type.Array(Type.String()) })),
  olympus_role_uuid: Nullable(Uuid),
  everest_role_uuid: Nullable(Uuid),
  portal_role_uuid: Nullable(Uuid),
  property_permissions: Type.Array(Type.String()),
  /** Raised by every change that changes something: what If-Match names (docs/resources.md "Versions and conflicts"). */
  version: Type.Integer({ minimum: 1 }),
});

/** Company uuids; a `{ uuid }` object (as the User record carries them) is accepted too. */
const CompanyRefs = Type.Array(
  Type.Union([Type.String({ maxLength: 64 }), Type.Object({ uuid: Type.Optional(Type.String({ maxLength: 64 })), id: Type.Optional(Type.String({ maxLength: 64 })) })]),
  { maxItems: 1000 },
);

const fields = {
  name: RequiredText(),
  email: Type.String({ minLength: 1, maxLength: EMAIL_MAX, format: 'email' }),
  companies: Type.Optional(CompanyRefs),
  olympus_role_uuid: Type.Optional(OptRef),
  everest_role_uuid: Type.Optional(OptRef),
  portal_role_uuid: Type.Optional(OptRef),
  bypass_sso: Type.Optional(Checkbox),
};

export const UserCreateBody = Type.Object(fields);
export const UserUpdateBody = Type.Partial(
  Type.Object({
    ...fields,
    disabled: Checkbox,
    /** Stop the user's password working, end their sessions and email them a link to set a new one. */
    reset_password: Checkbox,
  }),
);

export const UserListQuery = {
  all: Type.Optional(Type.Boolean({ description: 'true: every user of every company (super_admin only)' })),
};
