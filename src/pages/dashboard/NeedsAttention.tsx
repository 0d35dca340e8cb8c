// The dashboard's "Needs attention" panel: only for those who may read compliance with a company chosen — for anyone
// else nothing, and no request. Its frame (title, intro, the compliance link) and a place as tall as its counts
// render with the system cards; the counts' code and request (AttentionCounts) start only once the cards are shown
// and the browser has had an idle moment, so they never hold back the first card and nothing below moves when they
// arrive (docs/speed.md "The dashboard").
import { Box, Button, CircularProgress } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router';
import { viewerOf } from '../../../providers/authProvider';
import { authStore, uiStore, useStoreState } from '../../../providers/store';
import { PageSection } from '../../layout/PageSection';
import { useSessionUser } from '../../layout/useSessionUser';
import { useIdleAfter } from '../../lists/useIdleAfter';
import { lazyScreen } from '../../declared/lazyScreen';
import { mayReadCompliance } from '../compliance/pairs';

/** The counts' place while their code or the request to come is on its way. */
function CountsLoading() {
  const translate = useTranslate();
  return <CircularProgress size={24} aria-label={translate('olympus.compliance.loading')} />;
}

const AttentionCounts = lazyScreen(() => import('./AttentionCounts').then((m) => m.default), CountsLoading);

/**
 * The content's reserved height: the three counts in a column on a phone (24 px each, 12 px apart), from 600 px
 * the taller of their row and the failure notice with its retry button. The sentence shown when every count is
 * 0 is the one content that adds to it.
 */
export const ATTENTION_HEIGHT = { xs: 96, sm: 48 } as const;

export function NeedsAttention() {
  const translate = useTranslate();
  const user = useSessionUser();
  const company = useStoreState(authStore, (s) => s.currentCompany);
  // The view renders behind the loading screen while the session is checked (src/routing/RouteGuard.tsx).
  const shown = !useStoreState(uiStore, (s) => s.isLoadingSite);
  const may = Boolean(company) && mayReadCompliance(viewerOf(user));
  const start = useIdleAfter(may && shown);
  if (!company || !may) return null;
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
      <Box sx={{ minHeight: ATTENTION_HEIGHT }}>
        {start ? <AttentionCounts company={company} /> : <CountsLoading />}
      </Box>
    </PageSection>
  );
}
