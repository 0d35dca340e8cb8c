// The built-in viewer: fetches the report's data from its url with its token and draws headline
// totals and charts (MUI X Charts), or an empty state when the company has no units yet.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import InsertChartOutlined from '@mui/icons-material/InsertChartOutlined';
import { useTranslate } from 'ra-core';
import { BuiltinSkeleton } from './BuiltinSkeleton';
import { fetchPortfolio, ReportDataError } from './reportsApi';
import { KpiTiles } from './charts/KpiTiles';
import { PortfolioCharts } from './charts/PortfolioCharts';
import type { PortfolioData, ReportEntry } from './types';

type State = { kind: 'loading' } | { kind: 'ready'; data: PortfolioData } | { kind: 'failed'; message: string | null };

export interface BuiltinReportProps {
  entry: ReportEntry;
  /** Fetches the report list again (a new token), e.g. after the token expired. */
  onReload(): void;
}

function EmptyPortfolio() {
  const translate = useTranslate();
  return (
    <Card>
      <CardContent sx={{ py: 6, textAlign: 'center' }}>
        <InsertChartOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
        <Typography component="h3" variant="h6" sx={{ mt: 1 }}>
          {translate('olympus.reports.builtin.empty_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 440, mx: 'auto' }}>
          {translate('olympus.reports.builtin.empty')}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Cities the company's properties are in (the properties-by-city chart's categories). */
function cityCount(data: PortfolioData): number | undefined {
  const chart = data.charts.find((c) => c.id === 'properties_by_city');
  return chart?.type === 'bar' ? chart.categories.length : undefined;
}

export default function BuiltinReport({ entry, onReload }: BuiltinReportProps) {
  const translate = useTranslate();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const { url, token } = entry;

  const load = useCallback(
    (signal?: AbortSignal) => {
      setState({ kind: 'loading' });
      fetchPortfolio(url, token, signal).then(
        (data) => !signal?.aborted && setState({ kind: 'ready', data }),
        (err: unknown) =>
          !signal?.aborted &&
          setState({ kind: 'failed', message: err instanceof ReportDataError ? err.serverMessage : null }),
      );
    },
    [url, token],
  );

  useEffect(() => {
    const abort = new AbortController();
    load(abort.signal);
    return () => abort.abort();
  }, [load]);

  if (state.kind === 'loading') {
    return (
      <Box role="status" aria-label={translate('olympus.reports.builtin.loading')}>
        <BuiltinSkeleton />
      </Box>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onReload}>
            {translate('olympus.reports.builtin.reload')}
          </Button>
        }
      >
        {state.message ?? translate('olympus.reports.builtin.failed')}
      </Alert>
    );
  }
  const { data } = state;
  const time = new Date(data.generated_at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return (
    <Stack spacing={2}>
      <Typography variant="caption" color="text.secondary">
        {translate('olympus.reports.builtin.updated', { time })}
      </Typography>
      <KpiTiles totals={data.totals} cities={cityCount(data)} />
      {data.totals.units === 0 ? <EmptyPortfolio /> : <PortfolioCharts charts={data.charts} />}
    </Stack>
  );
}
