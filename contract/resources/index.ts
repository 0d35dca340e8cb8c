// The declared resources the browser serves (docs/resources.md). From this list come their API paths
// (providers/dataProvider), search boxes (contract/lists.ts), catalogue texts (src/i18n/en/resources.ts)
// and their screens (src/declared/declared.tsx; resources/{companies,properties,units,roles} add what
// their screens need beyond the generic ones; resources/users still holds hand-written screens). A new
// declared resource adds its line here.
import { certificateResource } from './certificates';
import { companyResource } from './companies';
import type { ResourceDecl } from './declare';
import { propertyResource } from './properties';
import { reportResource } from './reports';
import { roleResource } from './roles';
import { unitResource } from './units';
import { userResource } from './users';

export const DECLARED_RESOURCES: readonly ResourceDecl[] = [
  companyResource,
  propertyResource,
  unitResource,
  roleResource,
  userResource,
  reportResource,
  certificateResource,
];

/** The keys a list screen's search box matches: `list.searchBox`, else everything `q` may match. */
export const searchBoxOf = (d: ResourceDecl): readonly string[] => d.list.searchBox ?? d.list.search;
