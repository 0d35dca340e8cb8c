// The bulk route's messages (docs/resources.md "Bulk changes"), in the declaration's nouns.
import type { BulkAction } from '../../contract/bulk';
import type { ResourceDecl } from '../../contract/resources/declare';

export const verbOf = (action: BulkAction) => (action === 'update' ? 'updated' : 'deleted');
const countOf = (decl: ResourceDecl, n: number) => `${n} ${n === 1 ? decl.noun.one : decl.noun.many}`;

/** Messages of the bulk route, from the declaration. */
export const bulkMessages = (decl: ResourceDecl) => ({
  done: (action: BulkAction, n: number) => `${countOf(decl, n)} ${verbOf(action)}.`,
  refused: (action: BulkAction, failed: number, of: number) =>
    `Nothing was changed: ${failed} of the ${countOf(decl, of)} cannot be ${verbOf(action)}.`,
  notBulk: (field: string) => `The ${field.replace(/_/g, ' ')} field cannot be changed in bulk.`,
  noValues: 'Choose a field to change.',
  valuesOnUpdate: 'Values are only sent with a bulk update.',
});
