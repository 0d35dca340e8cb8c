// The dashboard's "Needs attention" panel: the current company's expired, due and missing required certificates,
// each count leading to the certificate list of that status (missing: the compliance screen filtered to it). Only
// for those who may read compliance with a company chosen — for anyone else nothing, and no request. Its data loads
// on its own, so the cards below it never wait.
import { Box, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router';
import type { PairStatus } from '../../../contract/compliance';
import { viewerOf } from '../../../providers/authProvider';
import { authStore, useStoreState } from '../../../providers/store';
import { loadState, PageSection } from '../../layout/PageSection';
import { useSessionUser } from '../../layout/useSessionUser';
import { fetchSummary } from '../compliance/complianceApi';
import { mayReadCompliance, PairChip, statusPath, useStatusWord } from '../compliance/pairs';

/** What needs doing: the statuses the panel counts. */
export const ATTENTION_STATUSES: readonly PairStatus[] = ['expired', 'due', 'missing'];

function Panel({ company }: { company: string }) {
  const translate = useTranslate();
  const word = useStatusWord();
  const summary = useQuery({
    queryKey: ['compliance', 'summary', company],
    queryFn: ({ signal }) => fetchSummary(signal),
    retry: false,
  });
  const counts = summary.data?.counts;
  return (
    <PageSection
      title={translate('olympus.compliance.attention.title')}
      intro={translate('olympus.compliance.attention.intro')}
      action={
        <Button component={Link} to="/dashboard/compliance" variant="outlined" size="small">
          {translate('olympus.compliance.attention.open')}
        </Button>
      }
    >
      {loadState(summary, {
        loading: translate('olympus.compliance.loading'),
        failed: translate('olympus.compliance.failed'),
        retry: translate('olympus.compliance.retry'),
        onRetry: () => void summary.refetch(),
      })}
      {counts && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1.5, sm: 3 }}
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {ATTENTION_STATUSES.map((status) => (
            <Box component="li" key={status} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <PairChip status={status} />
              <MuiLink component={Link} to={statusPath(status)} sx={{ fontWeight: 600 }}>
                {translate('olympus.compliance.attention.count', {
                  count: counts[status],
                  status: word(status).toLowerCase(),
                })}
              </MuiLink>
            </Box>
          ))}
        </Stack>
      )}
      {counts && ATTENTION_STATUSES.every((s) => counts[s] === 0) && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {translate('olympus.compliance.attention.all_clear')}
        </Typography>
      )}
    </PageSection>
  );
}

export function NeedsAttention() {
  const user = useSessionUser();
  const company = useStoreState(authStore, (s) => s.currentCompany);
  if (!company || !mayReadCompliance(viewerOf(user))) return null;
  return <Panel company={company} />;
}
