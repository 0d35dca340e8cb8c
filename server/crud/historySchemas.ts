// The history routes' OpenAPI blocks (docs/resources.md "History"): the page asked for, an entry
// with its changes field by field, and a restore's path.
import { Type } from 'typebox';
import { HISTORY_PER_PAGE_MAX } from '../../contract/history';
import { IdParams } from '../http/schemas';

export const HistoryQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: HISTORY_PER_PAGE_MAX })),
});
export const EntryParams = Type.Object({
  ...IdParams.properties,
  entryId: Type.String({ maxLength: 64, description: 'The history entry id' }),
});

const Value = Type.Unknown();
const Change = Type.Object({
  field: Type.String(),
  label: Type.String(),
  type: Type.Optional(
    Type.String({ description: 'The edit form field type (checkbox, date, money, select …), for showing the values' }),
  ),
  currency: Type.Optional(Type.String()),
  secret: Type.Optional(Type.Boolean({ description: 'A secret: only that it changed is shown' })),
  before: Type.Optional(Value),
  after: Type.Optional(Value),
  names: Type.Optional(
    Type.Record(Type.String(), Type.String(), { description: 'value → name, for references and options' }),
  ),
});
export const Entry = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  action: Type.String({ description: 'The audit action, e.g. unit.updated' }),
  kind: Type.Union([
    Type.Literal('created'),
    Type.Literal('updated'),
    Type.Literal('deleted'),
    Type.Literal('restored'),
    Type.Literal('other'),
  ]),
  actor: Type.Union(
    [
      Type.Object({
        id: Type.String(),
        name: Type.Union([Type.String(), Type.Null()], { description: 'null: the user was deleted since' }),
      }),
      Type.Object(
        { id: Type.Null(), name: Type.Null(), hidden: Type.Literal(true) },
        { description: 'Someone outside the caller’s companies: not named' },
      ),
      Type.Null(),
    ],
    { description: 'Who did it; null for the server itself' },
  ),
  restored_from: Type.Optional(Type.String({ description: 'The entry this change restored' })),
  current: Type.Boolean({ description: 'The newest entry: the record is as it left it' }),
  changes: Type.Array(Change),
});
