// TypeBox shapes of the role calls: contract/types.ts Role on the wire, `{ name, label, permissions }` in.
import { Type } from 'typebox';
import { RequiredText, Uuid } from '../resources/schemas';

export const RoleSchema = Type.Object({
  uuid: Uuid,
  id: Uuid,
  name: Type.String(),
  label: Type.String(),
  permissions: Type.Array(Type.String()),
  require_two_factor: Type.Boolean(),
});

const fields = {
  name: RequiredText(),
  label: RequiredText(),
  /** A single string is taken as a list of one (ajv coerces it). */
  permissions: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 500 })),
  /** Only a super_admin may change it (./grantable.ts). */
  require_two_factor: Type.Optional(Type.Boolean()),
};

export const RoleCreateBody = Type.Object(fields);
export const RoleUpdateBody = Type.Partial(Type.Object(fields));
