// TypeBox shape of contract/forms.ts, for the responses of the form-field endpoints.
import { Type, type TSchema } from 'typebox';

/** A file field's value as read (server/crud/fileFields.ts). */
export const FileRead = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    size: Type.Integer({ description: 'Bytes' }),
    content_type: Type.String(),
  },
  { description: 'The file; download it from GET /uploads/{id}' },
);

export const FormFieldSchema = Type.Object({
  name: Type.String(),
  label: Type.String(),
  type: Type.String(),
  required: Type.Optional(Type.Boolean()),
  disabled: Type.Optional(Type.Boolean()),
  placeholder: Type.Optional(Type.String()),
  options: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'value → label' })),
  value: Type.Optional(Type.Unknown({ description: 'string, number, boolean, string[] or null' })),
  checked: Type.Optional(Type.Boolean()),
  multiple: Type.Optional(Type.Boolean()),
  'label-help': Type.Optional(Type.String()),
  'options-from': Type.Optional(Type.String({ description: 'Options from GET /api/v1/{this} (uuid → name)' })),
  error: Type.Optional(Type.String()),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  minlength: Type.Optional(Type.Integer()),
  maxlength: Type.Optional(Type.Integer()),
  currency: Type.Optional(Type.String({ description: 'A money field: its ISO 4217 currency' })),
  accept: Type.Optional(
    Type.String({ description: 'A file field: the types it takes (`<input type="file" accept>`)' }),
  ),
  file: Type.Optional(
    Type.Union([FileRead, Type.Null()], { description: 'A file field: its current file (`value` is its id)' }),
  ),
  when: Type.Optional(
    Type.Object(
      { field: Type.String(), is: Type.Array(Type.Union([Type.String(), Type.Boolean()])) },
      {
        description:
          'Shown (and required, when `required`) only while the field `field` has one of the values `is`; hidden, it is not sent',
      },
    ),
  ),
});

export const FormFieldGroupSchema = Type.Object({
  group: Type.String(),
  group_desc: Type.Optional(Type.String()),
  fields: Type.Array(FormFieldSchema),
});

/** `{ data, fields }` of GET /{resource}/create and /{resource}/{id}/edit. */
export const formResponse = <T extends TSchema>(data: T) =>
  Type.Object({ data, fields: Type.Array(FormFieldGroupSchema) });

export const EmptyData = Type.Object({}, { description: 'Nothing yet: a create form' });
