// The user edit screen's "Sessions" section: how many sessions the user has signed in, the list, and
// "End all sessions" (after a confirmation). Shown to whoever may update the user; when the API
// refuses (403: a super_admin seen by an admin), there is nothing to show. It reads the list afresh
// each time the screen opens, so after a save that ended the sessions (disabling, removing a company,
// a new password) the list is empty.
import { useEffect, useId, useState } from 'react';
import { Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Confirm, useLogoutIfAccessDenied, useTranslate } from 'react-admin';
import { endUserSessions, fetchUserSessions, SessionsError } from './sessionsApi';
import { SessionList } from './SessionList';
import { useSessionAction } from './useSessionAction';
import { loadState, PageSection } from '../../layout/PageSection';

export interface UserSessionsPanelProps {
  userId: string;
  /** For the confirmation's question. */
  name: string;
}

export function UserSessionsPanel({ userId, name }: UserSessionsPanelProps) {
  const translate = useTranslate();
  const titleId = useId();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const { busy, run } = useSessionAction();
  const [asking, setAsking] = useState(false);
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['olympus.sessions', 'user', userId],
    queryFn: () => fetchUserSessions(userId),
    retry: false,
    refetchOnWindowFocus: false,
    // Never show a remembered list: after a save that ended the sessions it would be stale.
    gcTime: 0,
  });
  const t = (key: string, options?: object) => translate(`olympus.account.user_sessions.${key}`, options);
  const status = error instanceof SessionsError ? error.status : null;

  useEffect(() => {
    if (status === 401) void logoutIfAccessDenied({ status });
  }, [status, logoutIfAccessDenied]);

  // Not theirs to see (403) or gone (404): the form above says what there is to say.
  if (status === 403 || status === 404 || status === 401) return null;

  const endAll = () => {
    setAsking(false);
    void run('all', () => endUserSessions(userId), { done: t('ended'), failed: t('failed') }, refetch);
  };

  let body = loadState(
    { isPending, error, data },
    { loading: translate('olympus.account.sessions.loading'), failed: t('load_failed') },
  );
  if (!body && data) {
    body = (
      <>
        <Typography color="text.secondary" sx={{ mb: data.length ? 2 : 0 }}>
          {data.length === 0 ? t('none') : t('count', { smart_count: data.length })}
        </Typography>
        {data.length > 0 && <SessionList sessions={data} labelledBy={titleId} />}
      </>
    );
  }

  return (
    <PageSection
      title={t('title')}
      titleId={titleId}
      action={
        data &&
        data.length > 0 && (
          <Button variant="outlined" color="error" onClick={() => setAsking(true)} disabled={busy !== null}>
            {t('end_all')}
          </Button>
        )
      }
      after={
        <Confirm
          isOpen={asking}
          loading={busy !== null}
          title="olympus.account.user_sessions.confirm_title"
          titleTranslateOptions={{ name }}
          content="olympus.account.user_sessions.confirm_content"
          confirm="olympus.account.user_sessions.confirm"
          cancel="olympus.account.user_sessions.cancel"
          confirmColor="warning"
          onConfirm={endAll}
          onClose={() => setAsking(false)}
        />
      }
    >
      {body}
    </PageSection>
  );
}
