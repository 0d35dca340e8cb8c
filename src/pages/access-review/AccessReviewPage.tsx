// The access review (/dashboard/access-review; super admins and admins, from "Review access" on the
// users list): people not signed in for N days and invitations never used, with their systems and
// roles; select people and disable them or remove their access to one system. The server checks
// each person and answers who was refused and why; those are listed here.
import { useEffect, useId, useState } from 'react';
import { Alert, Box, Card, CardContent, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { REVIEW_DEFAULT_DAYS, REVIEW_MAX_DAYS, type ReviewOutcome } from '../../../contract/accessReview';
import { SUPER_ADMIN } from '../../../contract/roles';
import { authStore, useStoreState } from '../../../providers/store';
import { useSessionUser } from '../../layout/useSessionUser';
import { loadState } from '../../layout/PageSection';
import { disableUsers, fetchReview, removeSystemAccess, ReviewError } from './reviewApi';
import { ReviewActions } from './ReviewActions';
import { ReviewTable } from './ReviewTable';
import { useReviewText } from './useReviewText';

const validDays = (raw: string): number | null => {
  const n = Number(raw);
  return /^\d+$/.test(raw.trim()) && n >= 1 && n <= REVIEW_MAX_DAYS ? n : null;
};

/** The typed number, applied once typing pauses, so each keystroke does not ask the server. */
function useDays(raw: string): number {
  const [days, setDays] = useState(REVIEW_DEFAULT_DAYS);
  useEffect(() => {
    const n = validDays(raw);
    if (n === null) return;
    const timer = setTimeout(() => setDays(n), 400);
    return () => clearTimeout(timer);
  }, [raw]);
  return days;
}

function Refused({ outcome }: { outcome: { refused: ReviewOutcome['refused']; names: Map<string, string> } }) {
  const t = useReviewText();
  if (outcome.refused.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <Typography sx={{ fontWeight: 600 }}>{t('refused_title')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {outcome.refused.map((r) => (
          <li key={r.id}>
            {outcome.names.get(r.id) ?? r.id}: {r.message}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

export default function AccessReviewPage() {
  const t = useReviewText();
  const titleId = useId();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const company = useStoreState(authStore, (s) => s.currentCompany);
  const isSuperAdmin = useSessionUser()?.olympusRole?.name === SUPER_ADMIN;
  const [rawDays, setRawDays] = useState(String(REVIEW_DEFAULT_DAYS));
  const days = useDays(rawDays);
  const [all, setAll] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ refused: ReviewOutcome['refused']; names: Map<string, string> } | null>(
    null,
  );
  const everyone = isSuperAdmin && all;
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['olympus.access_review', company, days, everyone],
    queryFn: () => fetchReview(days, everyone),
    retry: false,
  });
  const users = data?.data ?? [];

  const status = error instanceof ReviewError ? error.status : null;
  useEffect(() => {
    if (status === 401) void logoutIfAccessDenied({ status });
  }, [status, logoutIfAccessDenied]);
  // A person no longer listed cannot stay selected.
  useEffect(() => {
    if (!data) return;
    setSelected((prev) => new Set([...prev].filter((id) => data.data.some((u) => u.id === id && !u.refusal))));
  }, [data]);

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const selectable = users.filter((u) => !u.refusal).map((u) => u.id);
  const toggleAll = () =>
    setSelected((prev) => (selectable.every((id) => prev.has(id)) ? new Set() : new Set(selectable)));

  const run = async (call: (ids: string[]) => Promise<ReviewOutcome>) => {
    const ids = [...selected];
    const names = new Map(users.map((u) => [u.id, u.name]));
    setBusy(true);
    setOutcome(null);
    try {
      const result = await call(ids);
      notify(t('done', { smart_count: result.done.length }), { type: result.refused.length ? 'warning' : 'success' });
      setOutcome({ refused: result.refused, names });
      setSelected(new Set(result.refused.map((r) => r.id)));
    } catch (err) {
      const code = err instanceof ReviewError ? err.status : null;
      if (code === 401) {
        await logoutIfAccessDenied({ status: code });
        return;
      }
      notify(t('failed'), { type: 'error' });
    } finally {
      setBusy(false);
    }
    await refetch();
  };

  const dayError = validDays(rawDays) === null;
  const loading = loadState(
    { isPending, error, data },
    { loading: t('loading'), failed: t('load_failed'), retry: t('retry'), onRetry: () => void refetch() },
  );
  let body;
  if (loading || !data) body = loading;
  else if (users.length === 0) body = <Typography color="text.secondary">{t('empty')}</Typography>;
  else {
    body = (
      <>
        <ReviewActions
          users={users}
          count={selected.size}
          busy={busy}
          onDisable={() => void run(disableUsers)}
          onRemoveAccess={(system) => void run((ids) => removeSystemAccess(ids, system.id))}
        />
        {outcome && <Refused outcome={outcome} />}
        {data.total > users.length && (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('cut', { shown: users.length, total: data.total })}
          </Typography>
        )}
        <ReviewTable users={users} selected={selected} onToggle={toggle} onToggleAll={toggleAll} labelledBy={titleId} />
      </>
    );
  }

  return (
    <Box sx={{ maxWidth: 1200, width: '100%', mx: 'auto' }}>
      <Title title="olympus.access_review.title" />
      <Card component="section" aria-labelledby={titleId}>
        <CardContent>
          <Typography variant="h5" component="h1" id={titleId} sx={{ fontWeight: 600, mb: 1 }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('intro')}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, mb: 2 }}
          >
            <TextField
              label={t('days')}
              type="number"
              size="small"
              value={rawDays}
              onChange={(e) => setRawDays(e.target.value)}
              error={dayError}
              helperText={t('days_help')}
              slotProps={{ htmlInput: { min: 1, max: REVIEW_MAX_DAYS, inputMode: 'numeric' } }}
              sx={{ maxWidth: { sm: 240 } }}
            />
            {isSuperAdmin && (
              <FormControlLabel
                control={<Switch checked={all} onChange={(e) => setAll(e.target.checked)} />}
                label={t('all_companies')}
              />
            )}
          </Stack>
          {body}
        </CardContent>
      </Card>
    </Box>
  );
}
