// The user edit screen's "Two-factor sign-in" section: whether the user has it on, and "Reset
// two-factor sign-in" (after a confirmation) for someone who lost their phone and recovery codes. The
// server signs the user out everywhere and mails them; the button only for whom the server would allow
// it (not oneself, nor someone with as much access). Shown to whoever may update the user; when the
// API refuses (403, 404), there is nothing to show, as for the sessions section beside it.
import { useEffect, useState } from 'react';
import { Button, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useLogoutIfAccessDenied, useTranslate } from 'react-admin';
import { SessionsError } from './sessionsApi';
import { useSessionAction } from './useSessionAction';
import { fetchUserTwoFactor, resetUserTwoFactor } from './twoFactorApi';
import { loadState, PageSection } from '../../layout/PageSection';

export function UserTwoFactorPanel({ userId, name }: { userId: string; name: string }) {
  const translate = useTranslate();
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
    void run(
      'reset',
      () => resetUserTwoFactor(userId),
      { done: t('done'), failed: t('failed') },
      async () => {
        await refetch();
        // The reset ended the user's sessions: the sessions section reads its list again.
        await queryClient.invalidateQueries({ queryKey: ['olympus.sessions', 'user', userId] });
      },
    );
  };

  const body =
    loadState({ isPending, error, data }, { loading: translate('olympus.loading'), failed: t('load_failed') }) ??
    (data && <Typography color="text.secondary">{t(data.enabled ? 'on' : 'off')}</Typography>);

  return (
    <PageSection
      title={t('title')}
      action={
        data?.enabled &&
        data.may_reset && (
          <Button variant="outlined" color="error" onClick={() => setAsking(true)} disabled={busy !== null}>
            {t('reset')}
          </Button>
        )
      }
      after={
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
      }
    >
      {body}
    </PageSection>
  );
}
