// A declared list's back link, from its declaration: to its area's overview page when the area has one
// (Compliance for certificates, Reports for report management), else Home (docs/resources.md "The browser").
import { areaByKey, areaKeyOf } from '../../contract/access';
import { DECLARED_RESOURCES } from '../../contract/resources';
import type { ResourceDecl } from '../../contract/resources/declare';
import { HOME_LINK, type BackLink } from '../lists';

const LIST_PATHS = new Set(DECLARED_RESOURCES.map((d) => `/dashboard/${d.spa}`));

export function backLinkOf(d: ResourceDecl): BackLink {
  const area = areaByKey(areaKeyOf(d));
  // An area whose path is a list (its own or another resource's) or Home has no page of its own to lead back to.
  const page = area.path !== HOME_LINK.to && !LIST_PATHS.has(area.path) && area.nav;
  return page ? { to: area.path, label: 'olympus.lists.back_to', page } : HOME_LINK;
}
