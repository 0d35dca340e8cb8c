// What a report provider answers for one report: where the viewer loads it from and with which token.
export const PROVIDERS = ['builtin', 'powerbi'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface ReportRow {
  id: string;
  companyId: string;
  name: string;
  provider: string;
  settings: Record<string, unknown>;
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
