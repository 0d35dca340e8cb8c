// The declared resources the browser serves (docs/resources.md). From this list come their API paths
// (providers/dataProvider), search boxes (contract/lists.ts), catalogue texts (src/i18n/en/resources.ts)
// and, for those without a folder in resources/, their screens (resources/index.ts; companies' are
// still hand-written). A new declared resource adds its line here.
import { companyResource } from './companies';
import type { ResourceDecl } from './declare';
import { propertyResource } from './properties';
import { unitResource } from './units';

export const DECLARED_RESOURCES: readonly ResourceDecl[] = [companyResource, propertyResource, unitResource];

/** The keys a list screen's search box matches: `list.searchBox`, else everything `q` may match. */
export const searchBoxOf = (d: ResourceDecl): readonly string[] => d.list.searchBox ?? d.list.search;
