// TypeBox shapes of the company calls: contract/types.ts Company on the wire, form values in.
import { Type } from 'typebox';
import { Nullable, OptText, RequiredText, Uuid } from '../resources/schemas';
import { PropertySchema } from '../properties/routes';

export const CompanySchema = Type.Object({
  uuid: Uuid,
  id: Uuid,
  name: Type.String(),
  address_line_1: Nullable(Type.String()),
  address_line_2: Nullable(Type.String()),
  city: Nullable(Type.String()),
  county: Nullable(Type.String()),
  postcode: Nullable(Type.String()),
});

/** GET /companies/{id}/edit: the company with its properties (SPEC §2 company edit "Properties" table). */
export const CompanyWithProperties = Type.Object({ ...CompanySchema.properties, properties: Type.Array(PropertySchema) });

const fields = {
  name: RequiredText(),
  address_line_1: Type.Optional(OptText()),
  address_line_2: Type.Optional(OptText()),
  city: Type.Optional(OptText()),
  county: Type.Optional(OptText()),
  postcode: Type.Optional(OptText(32)),
};

export const CompanyCreateBody = Type.Object(fields);
export const CompanyUpdateBody = Type.Partial(Type.Object(fields));
