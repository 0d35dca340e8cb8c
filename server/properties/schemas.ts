// TypeBox shapes of the property calls: contract/types.ts Property on the wire, form values in.
import { Type } from 'typebox';
import { Nullable, OptNumber, OptText, RequiredText, Uuid } from '../resources/schemas';

export const PropertySchema = Type.Object({
  uuid: Uuid,
  id: Uuid,
  company_uuid: Uuid,
  company: Type.Object({ uuid: Uuid, name: Type.String() }),
  name: Type.String(),
  reference: Nullable(Type.String()),
  slug: Type.String(),
  address_line_1: Nullable(Type.String()),
  address_line_2: Nullable(Type.String()),
  city: Nullable(Type.String()),
  county: Nullable(Type.String()),
  country: Nullable(Type.String()),
  postcode: Nullable(Type.String()),
  area: Nullable(Type.String()),
  longitude: Nullable(Type.Number()),
  latitude: Nullable(Type.Number()),
});

const fields = {
  name: RequiredText(),
  reference: Type.Optional(OptText()),
  slug: Type.Optional(OptText()),
  address_line_1: Type.Optional(OptText()),
  address_line_2: Type.Optional(OptText()),
  city: Type.Optional(OptText()),
  county: Type.Optional(OptText()),
  country: Type.Optional(OptText()),
  postcode: Type.Optional(OptText(32)),
  area: Type.Optional(OptText()),
  longitude: Type.Optional(OptNumber(-180, 180)),
  latitude: Type.Optional(OptNumber(-90, 90)),
};

export const PropertyCreateBody = Type.Object(fields);
export const PropertyUpdateBody = Type.Partial(Type.Object(fields));
