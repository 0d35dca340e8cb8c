// One report → one entry of GET /reports. A provider failure is caught here and becomes the entry's
// `error`, so one broken report never takes the others down.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { loggableError } from '../http/error-log';
import { MSG } from './messages';
import { builtinEmbed } from './providers/builtin';
import type { PowerBiClient } from './providers/powerbi';
import { ReportProviderError, type Embed, type ProviderName, type ReportRow } from './providers/types';
import { powerBiSettings } from './settings';

export interface ReportEntry {
  id: string;
  name: string;
  provider: ProviderName;
  url: string;
  token: string;
  expires_at: string | null;
  error?: string;
}

export interface ResolveContext {
  db: Db;
  publicUrl: string;
  powerbi: PowerBiClient;
  log: FastifyBaseLogger;
  userId: string;
}

function embedFor(ctx: ResolveContext, report: ReportRow): Promise<Embed> {
  if (report.provider === 'builtin') return builtinEmbed(ctx.db, ctx.publicUrl, report, ctx.userId);
  const settings = powerBiSettings(report);
  if (!settings) throw new ReportProviderError(MSG.powerbiBadSettings);
  return ctx.powerbi.embed(settings, report.companyId);
}

export async function resolveEntry(ctx: ResolveContext, report: ReportRow): Promise<ReportEntry> {
  const provider: ProviderName = report.provider === 'powerbi' ? 'powerbi' : 'builtin';
  const base = { id: report.id, name: report.name, provider };
  try {
    const embed = await embedFor(ctx, report);
    return { ...base, url: embed.url, token: embed.token, expires_at: embed.expiresAt?.toISOString() ?? null };
  } catch (err) {
    const message = err instanceof ReportProviderError ? err.message : MSG.providerFailed;
    if (!(err instanceof ReportProviderError))
      ctx.log.error({ error: loggableError(err), reportId: report.id }, 'report provider failed');
    return { ...base, url: '', token: '', expires_at: null, error: message };
  }
}
