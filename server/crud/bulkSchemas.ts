// The bulk route's OpenAPI blocks (docs/resources.md "Bulk changes"): its body, built from the
// declared bulk-editable fields and offered actions, its answer, and a refusal naming each record.
import { Type, type TSchema } from 'typebox';
import { BULK_IDS_MAX, type BulkAction } from '../../contract/bulk';
import { Uuid } from '../http/schemas';
import { VERSION_MAX } from './versions';

const RowFailure = Type.Object({
  id: Type.String(),
  status: Type.Integer({
    description:
      'What a single update or delete of this record would answer (404 not found or another company’s, 403, 409, 422)',
  }),
  message: Type.String(),
  errors: Type.Optional(
    Type.Record(Type.String(), Type.Array(Type.String()), {
      description: 'Field errors, as a single update answers them',
    }),
  ),
});
/** A refused bulk change: nothing was written; every refused record with its reason. */
export const BulkRefusalBody = Type.Object({
  message: Type.String(),
  errors: Type.Optional(
    Type.Record(Type.String(), Type.Array(Type.String()), {
      description: '`ids`: one line per refused record; or the fields of a malformed request',
    }),
  ),
  rows: Type.Optional(Type.Array(RowFailure, { description: 'Each refused record, in the order of `ids`' })),
});

/** A bulk change done. */
export const BulkDoneBody = Type.Object({
  data: Type.Object({
    message: Type.String(),
    action: Type.String(),
    count: Type.Integer(),
    ids: Type.Array(Type.String()),
  }),
});

/** The body of `POST /{name}/bulk`: the offered actions, the records, the bulk-editable fields' values, versions. */
export function bulkBody(actions: readonly BulkAction[], fields: readonly string[], update: Record<string, TSchema>) {
  const values = Type.Object(Object.fromEntries(fields.map((f) => [f, update[f]])), {
    additionalProperties: false,
    description: `update only: the fields to set on every record, of ${fields.join(', ')}; checked as a single update checks them`,
  });
  return Type.Object({
    action: Type.Unsafe<BulkAction>({
      type: 'string',
      enum: actions,
      description:
        'update: set `values` on every record (needs the update permission); delete: delete every record (needs the delete permission)',
    }),
    ids: Type.Array(Uuid, {
      minItems: 1,
      maxItems: BULK_IDS_MAX,
      uniqueItems: true,
      description: `The records, at most ${BULK_IDS_MAX}`,
    }),
    ...(fields.length ? { values: Type.Optional(values) } : {}),
    versions: Type.Optional(
      Type.Record(Type.String({ format: 'uuid' }), Type.Integer({ minimum: 1, maximum: VERSION_MAX }), {
        description:
          'By id, the version each change is based on (as If-Match of a single change): a record at another version is refused with 409',
      }),
    ),
  });
}
