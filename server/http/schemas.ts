// TypeBox building blocks shared by the resource routes. Optional form values arrive as '' or null
// for "empty": the nullable types below let ajv coerce '' to null (and "3" to 3), so handlers see
// clean values and junk answers 422 with a field message, never a 500.
import { Type, type TObject, type TProperties, type TSchema } from 'typebox';
import { NAME_MAX } from '../../contract/resources/declare';

/** Every failure's body: a top-level message, with field errors for 422. */
export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  },
  { description: 'Failure: a top-level message, with field errors for 422' },
);

/** Record ids are checked by the handlers (not a uuid → 404), so junk ids never reach SQL. */
export const IdParams = Type.Object({ id: Type.String({ maxLength: 64, description: 'The record uuid' }) });

// The text limits both sides read (contract/resources/declare.ts).
export { DESCRIPTION_MAX, NAME_MAX } from '../../contract/resources/declare';

/** A required name: trimmed by the handler, which also refuses a blank one. */
export const RequiredText = (maxLength = NAME_MAX) => Type.String({ minLength: 1, maxLength });

/** Optional text: '' and null both mean empty. */
export const OptText = (maxLength = NAME_MAX) => Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength });

/** Optional number in a range; '' means empty. */
export const OptNumber = (minimum: number, maximum: number) =>
  Type.Unsafe<number | null>({ type: ['number', 'null'], minimum, maximum });
export const OptInteger = (minimum: number, maximum: number) =>
  Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum, maximum });

/** One of fixed choices, or empty. */
export const OptChoice = (values: readonly string[]) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], enum: [...values, '', null] });

/** A checkbox: true/false ("true"/"false", 1/0 and null are coerced). */
export const Checkbox = Type.Boolean();

/** A reference to another record by uuid; '' or null = none. Existence is checked by the handler. */
export const OptRef = Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 64 });

/**
 * References to several records: uuids, or `{ uuid }` / `{ id }` objects as a record nests them; a single
 * uuid is taken as a list of one (ajv coerces it). Existence is checked by the handler.
 */
export const RefList = (maxItems: number) =>
  Type.Array(
    Type.Union([
      Type.String({ maxLength: 64 }),
      Type.Object({
        uuid: Type.Optional(Type.String({ maxLength: 64 })),
        id: Type.Optional(Type.String({ maxLength: 64 })),
      }),
    ]),
    { maxItems },
  );

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const Uuid = Type.String({ format: 'uuid' });

/** `{ data: { message } }` */
export const MessageResponse = Type.Object({ data: Type.Object({ message: Type.String() }) });

/** `{ data: { message, ...record } }` for create and update. */
export const mutationResponse = <P extends TProperties>(record: TObject<P>) =>
  Type.Object({ data: Type.Object({ message: Type.String(), ...record.properties }) });

/** Every failure a resource route can answer. */
export const errorResponses = {
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
} as const;
