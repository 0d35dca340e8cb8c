// TypeBox shape of GET /session: contract/types.ts SessionUser, field for field.
import { Type } from 'typebox';

const Uuid = Type.String({ format: 'uuid' });

export const SessionUserSchema = Type.Object({
  uuid: Uuid,
  id: Uuid,
  name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  bypass_sso: Type.Boolean(),
  companies: Type.Array(Type.Object({ uuid: Uuid, id: Uuid, name: Type.String() })),
  systems: Type.Array(
    Type.Object({ uuid: Uuid, name: Type.String(), description: Type.Union([Type.String(), Type.Null()]) }),
  ),
  roles: Type.Array(Type.Object({ uuid: Uuid, name: Type.String(), label: Type.String(), system: Type.String() })),
  olympusRole: Type.Union([
    Type.Object({ uuid: Uuid, name: Type.String(), label: Type.String(), permissions: Type.Array(Type.String()) }),
    Type.Null(),
  ]),
  olympus_role_uuid: Type.Union([Uuid, Type.Null()]),
  everest_role_uuid: Type.Union([Uuid, Type.Null()]),
  portal_role_uuid: Type.Union([Uuid, Type.Null()]),
  property_permissions: Type.Array(Type.String()),
  /** True while the caller's role requires two-factor sign-in they have not turned on: only enrolment answers. */
  two_factor_required: Type.Optional(Type.Boolean()),
});

export const SessionResponse = Type.Object({ data: SessionUserSchema });
