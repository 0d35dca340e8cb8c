// The User of contract/types.ts on the wire: the schema of the record's computed columns (./binding.ts),
// which the OpenAPI entries and the tests read.
import { Type } from 'typebox';
import { Nullable, Uuid } from '../http/schemas';

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
