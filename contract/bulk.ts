// Bulk changes of a declared resource's records (docs/resources.md "Bulk changes"): what both sides
// read — the most ids one request may name, which actions and fields a declaration offers, and the
// shapes of the answers.
import type { ResourceDecl } from './resources/declare';

/** The most records one bulk request may change. */
export const BULK_IDS_MAX = 1000;

export type BulkAction = 'update' | 'delete';

/** The fields one bulk update of `decl` may set (none: delete only, or no bulk changes at all). */
export const bulkFields = (decl: Pick<ResourceDecl, 'bulk'>): readonly string[] =>
  decl.bulk === false ? [] : (decl.bulk?.update ?? []);

/** The bulk actions `decl` offers: delete unless it opts out with `bulk: false`, update when it names fields. */
export function bulkActions(decl: Pick<ResourceDecl, 'bulk'>): BulkAction[] {
  if (decl.bulk === false) return [];
  return bulkFields(decl).length > 0 ? ['update', 'delete'] : ['delete'];
}

/** One row a bulk request could not change, and why (its own status and message, as a single change would answer). */
export interface BulkRowFailure {
  id: string;
  status: number;
  message: string;
  errors?: Record<string, string[]>;
}

/** The answer of a refused bulk request (422, or 409 when every failing row conflicts): nothing was changed. */
export interface BulkRefusal {
  message: string;
  errors: Record<string, string[]>;
  rows: BulkRowFailure[];
}

/** The answer of a bulk request that changed every row. */
export interface BulkDone {
  message: string;
  action: BulkAction;
  count: number;
  ids: string[];
}
