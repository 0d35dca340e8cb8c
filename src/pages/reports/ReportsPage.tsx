// The Reports page (/dashboard/reports): "Loading Reports..." until the report list and, when needed,
// the Power BI client are ready; then every report of the current company with its name and viewer.
// Those who may manage reports get "Manage reports" (./ManageReportsButton.tsx).
import { Alert, Box, Button, Divider, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import Refresh from '@mui/icons-material/Refresh';
import { useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { authStore, useStoreState } from '../../../providers/store';
import { ManageReportsButton } from './ManageReportsButton';
import { ReportsLoading } from './ReportsLoading';
import { ReportSection } from './ReportSection';
import { OccupancyReport } from './occupancy/OccupancyReport';

/** `?view=occupancy` opens the built-in Occupancy report (docs/resources.md "Occupancy"). */
const OCCUPANCY_VIEW = 'occupancy';
import { useReports } from './useReports';

export default function ReportsPage() {
  const translate = useTranslate();
  const companyName = useStoreState(authStore, (s) => s.currentCompanyName);
  const { state, reload } = useReports();
  const [params, setParams] = useSearchParams();
  const occupancy = params.get('view') === OCCUPANCY_VIEW;

  let body;
  if (state.kind === 'loading') body = <ReportsLoading />;
  else if (state.kind === 'failed') {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={reload}>
            {translate('olympus.reports.retry')}
          </Button>
        }
      >
        {state.message ?? translate('olympus.reports.load_failed')}
      </Alert>
    );
  } else if (state.reports.length === 0) {
    body = (
      <Alert severity="info" variant="outlined">
        <Typography>{translate('olympus.reports.none')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('olympus.reports.none_help')}
        </Typography>
      </Alert>
    );
  } else {
    body = (
      <Stack spacing={4} divider={<Divider flexItem />}>
        {state.reports.map((entry) => (
          <ReportSection key={entry.id} entry={entry} pbi={state.pbi} onReload={reload} />
        ))}
      </Stack>
    );
  }

  return (
    <Box sx={{ maxWidth: 1280, width: '100%', mx: 'auto' }}>
      <Title title="olympus.reports.title" />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'flex-end', mb: 3 }}>
        <Box>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {translate('olympus.reports.title')}
          </Typography>
          {companyName && (
            <Typography variant="subtitle2" color="text.secondary">
              {translate('olympus.reports.company_line', { name: companyName })}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 1 }}>
          {!occupancy && state.kind === 'ready' && state.reports.length > 0 && (
            <Button variant="outlined" size="small" startIcon={<Refresh />} onClick={reload}>
              {translate('olympus.reports.refresh')}
            </Button>
          )}
          <ManageReportsButton />
        </Stack>
      </Stack>
      <Tabs
        value={occupancy ? OCCUPANCY_VIEW : 'reports'}
        onChange={(_, view: string) => setParams(view === OCCUPANCY_VIEW ? { view } : {}, { replace: true })}
        aria-label={translate('olympus.reports.tabs.label')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="reports" label={translate('olympus.reports.tabs.reports')} />
        <Tab value={OCCUPANCY_VIEW} label={translate('olympus.reports.tabs.occupancy')} />
      </Tabs>
      {occupancy ? <OccupancyReport /> : body}
    </Box>
  );
}
