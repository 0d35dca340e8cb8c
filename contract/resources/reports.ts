// Reports of a company (the Reports page shows them: GET /api/v1/reports), managed on generated
// screens at /dashboard/report, declared once (docs/resources.md; README "Reports"). Built-in charts
// need nothing more; a Power BI report names its workspace and report, and may name the dataset and
// row-level security roles its embed token applies. The API path stays /reports/manage.
import { declareResource, group, number, radio, text, textarea, type RecordOf } from './declare';
import { guidPattern } from './kinds';

/** The providers as stored and sent (GET /api/v1/reports and the SPA's viewers rely on these values). */
export const REPORT_PROVIDERS = ['builtin', 'powerbi'] as const;
export type ReportProvider = (typeof REPORT_PROVIDERS)[number];
export const REPORT_NAME_MAX = 120;
export const REPORT_POSITION_MAX = 100_000;
/** Row-level security roles: at most this many, one per line, each at most RLS_ROLE_MAX characters. */
export const RLS_ROLES_MAX = 20;
export const RLS_ROLE_MAX = 100;

const powerbi = { field: 'provider', is: 'powerbi' } as const;

export const reportResource = declareResource({
  name: 'reports',
  path: '/reports/manage',
  spa: 'report',
  noun: { one: 'report', many: 'reports' },
  // The Reports page's area (its menu item, reports.access to view); managing needs reports.manage,
  // which only super_admin holds unless a super_admin grants it.
  area: 'reports',
  permission: 'reports.manage',
  tenancy: 'scoped',
  fields: {
    ...group('Report', {
      name: text('Name', { required: true, maxlength: REPORT_NAME_MAX }),
      provider: radio('Provider', REPORT_PROVIDERS, {
        required: true,
        labels: { builtin: 'Built-in charts', powerbi: 'Power BI' },
      }),
      position: number('Position', {
        min: 0,
        max: REPORT_POSITION_MAX,
        integer: true,
        derived: true,
        help: 'Leave blank to put the report last',
      }),
    }),
    ...group('Power BI', {
      workspace_id: text('Workspace ID', { required: true, when: powerbi, pattern: guidPattern }),
      report_id: text('Report ID', { required: true, when: powerbi, pattern: guidPattern }),
      dataset_id: text('Dataset ID', {
        when: powerbi,
        pattern: guidPattern,
        help: "Leave blank for the report's own dataset",
      }),
      rls_roles: textarea('RLS roles', {
        when: powerbi,
        maxlength: RLS_ROLES_MAX * (RLS_ROLE_MAX + 2),
        help: 'Row-level security roles applied with the company id as user name, one per line',
        pattern: {
          regex: `^[^\\r\\n]{1,${RLS_ROLE_MAX}}(\\r?\\n[^\\r\\n]{1,${RLS_ROLE_MAX}}){0,${RLS_ROLES_MAX - 1}}$`,
          message: `The {field} must be at most ${RLS_ROLES_MAX} role names, one per line, each at most ${RLS_ROLE_MAX} characters.`,
          example: 'Company',
        },
      }),
    }),
  },
  list: {
    columns: ['name', 'provider', 'position'],
    sort: ['position', 'name', 'provider'],
    search: ['name'],
  },
  summaries: {
    list: "The X-Tenant company's reports, in the Reports page's order (reports.manage)",
    create: 'Add a report to the X-Tenant company (reports.manage)',
    update: 'Change a report of the company (reports.manage)',
    delete: 'Remove a report from the company (reports.manage)',
  },
});

/** A report as the management API answers it. */
export type ReportRecord = RecordOf<typeof reportResource>;
