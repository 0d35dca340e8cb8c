// The Power BI viewer: embeds the report (tokenType Embed) into a div with powerbi-client and keeps
// its embed token fresh — a new one from GET /reports ~2 minutes before expiry, given to the report
// with setAccessToken, so a page left open keeps working.
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { IEmbedConfiguration } from 'powerbi-client';
import { fetchReportEntry } from './reportsApi';
import { powerBiService, reportIdOf, type PowerBiModule } from './powerbiClient';
import { scheduleTokenRefresh } from './tokenRefresh';
import type { ReportEntry } from './types';

export interface PowerBiReportProps {
  entry: ReportEntry;
  pbi: PowerBiModule;
}

/** Power BI's error event carries `{ message, detailedMessage }` in its detail. */
function errorText(detail: unknown): string {
  if (detail && typeof detail === 'object') {
    const d = detail as { detailedMessage?: unknown; message?: unknown };
    if (typeof d.detailedMessage === 'string' && d.detailedMessage) return d.detailedMessage;
    if (typeof d.message === 'string' && d.message) return d.message;
  }
  return '';
}

export default function PowerBiReport({ entry, pbi }: PowerBiReportProps) {
  const translate = useTranslate();
  const container = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { id, url, token, expires_at: expiresAt } = entry;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const service = powerBiService(pbi);
    const config: IEmbedConfiguration = {
      type: 'report',
      id: reportIdOf(url),
      embedUrl: url,
      accessToken: token,
      tokenType: pbi.models.TokenType.Embed,
      permissions: pbi.models.Permissions.Read,
      viewMode: pbi.models.ViewMode.View,
      settings: {
        panes: { filters: { visible: false, expanded: false }, pageNavigation: { visible: true } },
        background: pbi.models.BackgroundType.Transparent,
      },
    };
    const report = service.embed(element, config);
    report.on('loaded', () => setLoaded(true));
    report.on('error', (event) => setFailure(errorText((event as CustomEvent).detail)));
    const stopRefresh = scheduleTokenRefresh({
      expiresAt,
      async fetchToken() {
        const fresh = await fetchReportEntry(id);
        return fresh && !fresh.error && fresh.token ? { token: fresh.token, expiresAt: fresh.expires_at } : null;
      },
      apply: (next) => report.setAccessToken(next),
    });
    return () => {
      stopRefresh();
      report.off('loaded');
      report.off('error');
      service.reset(element);
    };
    // Deliberately not on token/expiry: later tokens arrive through setAccessToken, not a new embed.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above.
  }, [pbi, id, url]);

  return (
    <Stack spacing={1}>
      {failure !== null && (
        <Alert severity="error">{translate('olympus.reports.powerbi.failed', { message: failure || '—' })}</Alert>
      )}
      <Box
        sx={{
          position: 'relative',
          height: { xs: 480, md: 640 },
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'grey.50',
        }}
      >
        {!loaded && (
          <Stack
            role="status"
            spacing={1}
            sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center' }}
          >
            <CircularProgress size={28} aria-hidden />
            <Typography variant="body2" color="text.secondary">
              {translate('olympus.reports.powerbi.loading')}
            </Typography>
          </Stack>
        )}
        <Box
          ref={container}
          role="region"
          aria-label={translate('olympus.reports.powerbi.region', { name: entry.name })}
          data-testid="powerbi-container"
          sx={{ position: 'absolute', inset: 0, '& iframe': { border: 0 } }}
        />
      </Box>
    </Stack>
  );
}
