// What a report provider answers for one report: where the viewer loads it from and with which token.
export type { ReportProvider as ProviderName } from '../../../contract/resources/reports';

export interface ReportRow {
  id: string;
  companyId: string;
  name: string;
  provider: string;
  /** Power BI's (server/reports/settings.ts); null for built-in reports. */
  workspaceId: string | null;
  reportId: string | null;
  datasetId: string | null;
  /** One role per line. */
  rlsRoles: string | null;
  position: number;
}

export interface Embed {
  url: string;
  token: string;
  /** When the token stops working: the SPA refreshes Power BI tokens shortly before. */
  expiresAt: Date | null;
}

/** A failure the user may read: its message becomes the report entry's `error`. */
export class ReportProviderError extends Error {}
