// The user edit screen's "Two-factor sign-in" section: whether the user has it on, and "Reset
// two-factor sign-in" (after a confirmation) for someone who lost their phone and recovery codes. The
// server signs the user out everywhere and mails them. Shown to whoever may update the user; when the
// API refuses (403, 404), there is nothing to show, as for the sessions section beside it.
import { useEffect, useId, useState } from 'react';
import { Alert, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useLogoutIfAccessDenied, useTranslate } from 'react-admin';
import { SessionsError } from './sessionsApi';
import { useSessionAction } from './useSessionAction';
import { fetchUserTwoFactor, resetUserTwoFactor } from './twoFactorApi';

export function UserTwoFactorPanel({ userId, name }: { userId: string; name: string }) {
  const translate = useTranslate();
  const titleId = useId();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const { busy, run } = useSessionAction();
  const [asking, setAsking] = useState(false);
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['olympus.two-factor', 'user', userId],
    queryFn: () => fetchUserTwoFactor(userId),
    retry: false,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
  const t = (key: string, options?: object) => translate(`olympus.account.user_two_factor.${key}`, options);
  const status = error instanceof SessionsError ? error.status : null;

  useEffect(() => {
    if (status === 401) void logoutIfAccessDenied({ status });
  }, [status, logoutIfAccessDenied]);
  if (status === 403 || status === 404 || status === 401) return null;

  const reset = () => {
    setAsking(false);
    void run('reset', () => resetUserTwoFactor(userId), { done: t('done'), failed: t('failed') }, async () => {
      await refetch();
      // The reset ended the user's sessions: the sessions section reads its list again.
      await queryClient.invalidateQueries({ queryKey: ['olympus.sessions', 'user', userId] });
    });
  };

  let body;
  if (isPending) body = <CircularProgress size={24} aria-label={translate('olympus.loading')} />;
  else if (error || !data) body = <Alert severity="error">{t('load_failed')}</Alert>;
  else body = <Typography color="text.secondary">{t(data.enabled ? 'on' : 'off')}</Typography>;

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' }, mb: 1 }}>
          <Typography variant="h6" component="h2" id={titleId}>
            {t('title')}
          </Typography>
          {data?.enabled && (
            <Button variant="outlined" color="error" onClick={() => setAsking(true)} disabled={busy !== null}>
              {t('reset')}
            </Button>
          )}
        </Stack>
        {body}
      </CardContent>
      <Confirm
        isOpen={asking}
        loading={busy !== null}
        title="olympus.account.user_two_factor.confirm_title"
        titleTranslateOptions={{ name }}
        content="olympus.account.user_two_factor.confirm_content"
        confirm="olympus.account.user_two_factor.reset"
        cancel="olympus.account.user_sessions.cancel"
        confirmColor="warning"
        onConfirm={reset}
        onClose={() => setAsking(false)}
      />
    </Card>
  );
}
