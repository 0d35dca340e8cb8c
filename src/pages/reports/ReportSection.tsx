// One report on the page: its name as a heading and its viewer — built-in charts, an
// embedded Power BI report, or the reason it cannot be shown now.
import { lazy, Suspense } from 'react';
import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { BuiltinSkeleton } from './BuiltinSkeleton';
import PowerBiReport from './PowerBiReport';
import type { PowerBiModule } from './powerbiClient';
import type { ReportEntry } from './types';

// The charts library comes with the first built-in report, not with the page.
const BuiltinReport = lazy(() => import('./BuiltinReport'));

export interface ReportSectionProps {
  entry: ReportEntry;
  pbi: PowerBiModule | null;
  onReload(): void;
}

function Viewer({ entry, pbi, onReload }: ReportSectionProps) {
  const translate = useTranslate();
  if (entry.error) return <Alert severity="error">{entry.error}</Alert>;
  if (entry.provider === 'builtin') {
    return (
      <Suspense fallback={<BuiltinSkeleton />}>
        <BuiltinReport entry={entry} onReload={onReload} />
      </Suspense>
    );
  }
  if (!pbi) return <Alert severity="error">{translate('olympus.reports.powerbi.unavailable')}</Alert>;
  return <PowerBiReport entry={entry} pbi={pbi} />;
}

export function ReportSection(props: ReportSectionProps) {
  const translate = useTranslate();
  const { entry } = props;
  const headingId = `report-${entry.id}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          {entry.name}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label={translate(`olympus.reports.provider.${entry.provider === 'powerbi' ? 'powerbi' : 'builtin'}`)}
        />
      </Stack>
      <Viewer {...props} />
    </Box>
  );
}
