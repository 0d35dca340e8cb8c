// A declared record's history (docs/resources.md "History"): its audit rows, newest first, field by
// field with the labels and option names of its edit form (./historyList.ts), and a restore of the
// record as it was right after one of them (./historyRestore.ts). The restore is an ordinary update
// (the same checks, hooks, rules and audit row, ./operations.ts), of the fields that differ from the
// record now; it is refused with the update's own answers, never half done.
import { historyListRoute } from './historyList';
import { historyRestoreRoute } from './historyRestore';
import type { App, HistoryContext } from './routeContext';

export type { App, HistoryContext } from './routeContext';

export function historyRoutes<P>(app: App, ctx: HistoryContext<P>): void {
  historyListRoute(app, ctx);
  historyRestoreRoute(app, ctx);
}
