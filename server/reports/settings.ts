// A Power BI report's settings as the embed needs them, read from its columns (the management API
// checks them when saved: contract/resources/reports.ts). RLS roles are kept one per line.
import { GUID_PATTERN } from '../../contract/resources/kinds';
import { RLS_ROLES_MAX } from '../../contract/resources/reports';
import type { ReportRow } from './providers/types';

export interface PowerBiSettings {
  workspace_id: string;
  report_id: string;
  /** The dataset the RLS identity applies to; defaults to the report's own dataset. */
  dataset_id?: string;
  /** Row-level security roles applied with the company id as the effective user name. */
  rls_roles?: string[];
}

const GUID = new RegExp(GUID_PATTERN);
const guid = (v: string | null | undefined) => (v && GUID.test(v.trim()) ? v.trim().toLowerCase() : undefined);

/** The roles of the stored text: one per line, blank lines and repeats dropped. */
export function rlsRoles(text: string | null | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(/\r?\n/)
        .map((r) => r.trim())
        .filter((r) => r !== ''),
    ),
  ].slice(0, RLS_ROLES_MAX);
}

/** The stored report's Power BI settings; null when they are not usable (a workspace or report id missing). */
export function powerBiSettings(
  report: Pick<ReportRow, 'workspaceId' | 'reportId' | 'datasetId' | 'rlsRoles'>,
): PowerBiSettings | null {
  const workspace = guid(report.workspaceId);
  const id = guid(report.reportId);
  if (!workspace || !id) return null;
  const settings: PowerBiSettings = { workspace_id: workspace, report_id: id };
  const dataset = guid(report.datasetId);
  if (dataset) settings.dataset_id = dataset;
  const roles = rlsRoles(report.rlsRoles);
  if (roles.length) settings.rls_roles = roles;
  return settings;
}
