// TypeBox shapes of the user calls (the records and bodies hooks of ./binding.ts): the User of
// contract/types.ts on the wire, form values in (the declared fields' bodies, extended).
import { Type } from 'typebox';
import type { CrudBodies } from '../crud';
import { Checkbox, Nullable, OptRef, Uuid } from '../http/schemas';

export const UserSchema = Type.Object({
  uuid: Uuid,
  id: Uuid,
  name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  bypass_sso: Type.Boolean(),
  disabled: Type.Boolean(),
  status: Type.Union(
    [Type.Literal('invited'), Type.Literal('active'), Type.Literal('disabled'), Type.Literal('locked')],
    {
      description:
        'invited: never signed in and no password of their own yet; locked: too many wrong passwords, for now',
    },
  ),
  last_login_at: Nullable(Type.String({ format: 'date-time', description: 'Last sign-in; null: never' })),
  companies: Type.Array(Type.Object({ uuid: Uuid, id: Uuid, name: Type.String() })),
  systems: Type.Array(Type.Object({ uuid: Uuid, name: Type.String(), description: Nullable(Type.String()) })),
  roles: Type.Array(Type.Object({ uuid: Uuid, name: Type.String(), label: Type.String(), system: Type.String() })),
  olympusRole: Nullable(
    Type.Object({ uuid: Uuid, name: Type.String(), label: Type.String(), permissions: Type.Array(Type.String()) }),
  ),
  olympus_role_uuid: Nullable(Uuid),
  everest_role_uuid: Nullable(Uuid),
  portal_role_uuid: Nullable(Uuid),
  property_permissions: Type.Array(Type.String()),
  /** Raised by every change that changes something: what If-Match names (docs/resources.md "Versions and conflicts").
   */
  version: Type.Integer({ minimum: 1 }),
});

/** Company uuids; a `{ uuid }` object (as the User record carries them) is accepted too. */
const CompanyRefs = Type.Array(
  Type.Union([
    Type.String({ maxLength: 64 }),
    Type.Object({
      uuid: Type.Optional(Type.String({ maxLength: 64 })),
      id: Type.Optional(Type.String({ maxLength: 64 })),
    }),
  ]),
  { maxItems: 1000 },
);

/** What a user's bodies hold beyond the declared fields (name, email, bypass_sso): companies and a role per system. */
const access = {
  companies: Type.Optional(CompanyRefs),
  olympus_role_uuid: Type.Optional(OptRef),
  everest_role_uuid: Type.Optional(OptRef),
  portal_role_uuid: Type.Optional(OptRef),
};

/** The bodies the declared fields derive, extended with access; on update also disabled and reset_password. */
export const userBodies = ({ create, update }: CrudBodies): CrudBodies => ({
  create: Type.Object({ ...create.properties, ...access }),
  update: Type.Object({
    ...update.properties,
    ...access,
    disabled: Type.Optional(Checkbox),
    /** Stop the user's password working, end their sessions and email them a link to set a new one. */
    reset_password: Type.Optional(Checkbox),
  }),
});
