// The registry the admin maps over: one entry per resource, each default-exported by
// resources/<name>/index.ts (found by its folder: adding one needs no line here), plus every declared
// resource without a folder (docs/resources.md: adding a plain declared resource = its line in
// contract/resources/index.ts, nothing here).
// Admin pages that are not resources (the reports page) register in `pages`.
import type { ComponentType } from 'react';
import type { ResourceProps } from 'ra-core';
import { DECLARED_RESOURCES } from '../contract/resources';
import { declaredResource } from '../src/declared/declared';
import { lazyScreen } from '../src/declared/lazyScreen';
import { ReportsRoute } from '../src/pages/reports/route';
import { AccountRoute } from '../src/pages/account/route';
import { AccessReviewRoute } from '../src/pages/access-review/route';
import { AuditRoute } from '../src/pages/audit/route';
import { ComplianceRoute } from '../src/pages/compliance/route';

/** A react-admin <Resource>; `name` is the path under /dashboard (users, company, property, unit, roles). */
export type OlympusResource = Pick<
  ResourceProps,
  'name' | 'list' | 'create' | 'edit' | 'icon' | 'options' | 'recordRepresentation' | 'children'
>;

/** A page inside the admin layout at /dashboard/{path}, guarded by the route guard like any other. */
export interface OlympusPage {
  path: string;
  component: ComponentType;
}

/** Resources with a folder here: hand-written screens, or a declaration's with overrides; Vite finds them by their
 * folder. */
const folders = import.meta.glob<{ default: OlympusResource }>('./*/index.{ts,tsx}', { eager: true });
const own: OlympusResource[] = Object.values(folders).map((m) => m.default);

/** Every other declared resource (contract/resources/index.ts): its screens come from its declaration alone. */
const plain = DECLARED_RESOURCES.filter((d) => !own.some((r) => r.name === d.spa)).map((d) => declaredResource(d));

export const resources: OlympusResource[] = [...own, ...plain];

// Loaded when first opened, like the declared resources' forms (docs/speed.md "The first screen").
const IntegrationEdit = lazyScreen(() => import('./companies/IntegrationEdit').then((m) => m.default));

export const pages: OlympusPage[] = [
  // The integration edit screen; the route guard bars admin from it (contract/access.ts AREA.integrations).
  { path: 'companies/:companyId/integrations/:integration/edit', component: IntegrationEdit },
  // The reports page; lazy inside, so its charts and Power BI client load only there.
  { path: 'reports', component: ReportsRoute },
  // The signed-in person's account and sessions, from the header's user name; open to every signed-in user.
  { path: 'account', component: AccountRoute },
  // Dormant accounts and unused invitations, from the users list; the guard lets only those who may change users in
  // (AREA.accessReview).
  { path: 'access-review', component: AccessReviewRoute },
  // The audit log, from the navigation; the guard lets in super admins and holders of audit.view (AREA.audit).
  { path: 'audit', component: AuditRoute },
  // The compliance overview, the Compliance area's navigation item (contract/resources/certificates.ts nav.page).
  { path: 'compliance', component: ComplianceRoute },
];
