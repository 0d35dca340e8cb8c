// Report management (super_admin, or whoever holds reports.manage): the declaration
// (contract/resources/reports.ts) bound to its table — list, forms, create, update and delete under
// /reports/manage, each change audited in its transaction (docs/resources.md). The one thing it cannot
// say: a report sent without a position goes after the company's last one, as the Reports page lists them.
import { reportResource } from '../../contract/resources/reports';
import { reports } from '../db/schema';
import { defineCrud } from '../crud';
import { nextPosition } from './store';

export const reportCrud = defineCrud(
  reportResource,
  { table: reports },
  {
    async beforeChange({ db, tenant, values, before }) {
      if (values.position !== null && values.position !== undefined) return;
      // Blank on update keeps the report where it is; on create it goes last.
      if (before) delete values.position;
      else values.position = await nextPosition(db, tenant as string);
    },
  },
);

/** This resource's binding, named in server/crud/bindings.ts (docs/resources.md "Binding and hooks"). */
export default reportCrud;
