// The "Needs attention" panel's content (NeedsAttention.tsx frames it): the current company's expired, due and
// missing required certificates, each count leading to the certificate list of that status (missing: the compliance
// screen filtered to it). A chunk of its own, loaded after the system cards are shown (docs/speed.md "The
// dashboard"), so neither its code nor its request is on the first screen's path.
import { Box, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router';
import type { PairStatus } from '../../../contract/compliance';
import { loadState } from '../../layout/PageSection';
import { fetchSummary } from '../compliance/complianceApi';
import { PairChip, statusPath, useStatusWord } from '../compliance/pairs';

/** What needs doing: the statuses the panel counts. */
export const ATTENTION_STATUSES: readonly PairStatus[] = ['expired', 'due', 'missing'];

export default function AttentionCounts({ company }: { company: string }) {
  const translate = useTranslate();
  const word = useStatusWord();
  const summary = useQuery({
    queryKey: ['compliance', 'summary', company],
    queryFn: ({ signal }) => fetchSummary(signal),
    retry: false,
  });
  const counts = summary.data?.counts;
  return (
    <>
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
    </>
  );
}
