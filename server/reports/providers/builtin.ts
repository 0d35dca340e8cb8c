// Provider `builtin`: Olympus serves the report itself. The URL is the data endpoint of this report
// (routes/data.ts) and the token a 10-minute JWT bound to the user, the company and the report.
import type { Db } from '../../db';
import { signReportToken } from '../tokens';
import type { Embed, ReportRow } from './types';

export const builtinDataPath = (reportId: string) => `/api/v1/reports/builtin/${reportId}/data`;

export async function builtinEmbed(db: Db, publicUrl: string, report: ReportRow, userId: string): Promise<Embed> {
  const { token, expiresAt } = await signReportToken(db, publicUrl, {
    userId,
    companyId: report.companyId,
    reportId: report.id,
  });
  return { url: publicUrl + builtinDataPath(report.id), token, expiresAt };
}
