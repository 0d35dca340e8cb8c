// TypeBox shapes of the unit calls: contract/types.ts Unit on the wire, form values in.
import { Type } from 'typebox';
import { Checkbox, DESCRIPTION_MAX, Nullable, OptChoice, OptInteger, OptText, RequiredText, Uuid } from '../resources/schemas';
import { ROOMS_MAX, UNIT_STATUSES, UNIT_TYPES } from './options';

export const UnitSchema = Type.Object({
  uuid: Uuid,
  id: Uuid,
  name: Type.String(),
  property_id: Uuid,
  property: Type.Object({ uuid: Uuid, name: Type.String() }),
  unit_ref: Nullable(Type.String()),
  unit_type: Nullable(Type.String()),
  unit_status: Nullable(Type.String()),
  short_description: Nullable(Type.String()),
  description: Nullable(Type.String()),
  address_line_1: Nullable(Type.String()),
  address_line_2: Nullable(Type.String()),
  city: Nullable(Type.String()),
  county: Nullable(Type.String()),
  area: Nullable(Type.String()),
  postcode: Nullable(Type.String()),
  size_unit: Nullable(Type.String()),
  furnished: Type.Boolean(),
  full_address: Type.String(),
  bedrooms: Nullable(Type.Integer()),
  bathrooms: Nullable(Type.Integer()),
});

const fields = {
  name: RequiredText(),
  property_id: Type.String({ minLength: 1, maxLength: 64 }),
  unit_ref: Type.Optional(OptText()),
  unit_type: Type.Optional(OptChoice(UNIT_TYPES)),
  unit_status: Type.Optional(OptChoice(UNIT_STATUSES)),
  short_description: Type.Optional(OptText()),
  description: Type.Optional(OptText(DESCRIPTION_MAX)),
  address_line_1: Type.Optional(OptText()),
  address_line_2: Type.Optional(OptText()),
  city: Type.Optional(OptText()),
  county: Type.Optional(OptText()),
  area: Type.Optional(OptText()),
  postcode: Type.Optional(OptText(32)),
  size_unit: Type.Optional(OptText(32)),
  furnished: Type.Optional(Checkbox),
  bedrooms: Type.Optional(OptInteger(0, ROOMS_MAX)),
  bathrooms: Type.Optional(OptInteger(0, ROOMS_MAX)),
};

export const UnitCreateBody = Type.Object(fields);
export const UnitUpdateBody = Type.Partial(Type.Object(fields));
