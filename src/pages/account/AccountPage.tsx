// The account page (/dashboard/account, from the header's user name; any signed-in user): the
// person's name and email, "Your details" and "Change password" (./YourDetails.tsx,
// ./ChangePassword.tsx), "Two-factor sign-in" (./TwoFactor.tsx), and "Your sessions" — every signed-in session with its
// browser, address
// and times, "This session" marked, each one ending on its own or all others at once. Signing out
// this session is a logout.
import { useEffect, useId, useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useLogoutIfAccessDenied, useTranslate } from 'react-admin';
import { useSessionUser } from '../../layout/useSessionUser';
import { useSignOut } from '../../layout/useSignOut';
import { loadState, PageSection } from '../../layout/PageSection';
import { LOGOUT_REDIRECT_DELAY_MS } from '../../layout/LogoutButton';
import { endOtherSessions, endOwnSession, fetchOwnSessions, SessionsError, type SessionView } from './sessionsApi';
import { SessionList } from './SessionList';
import { useSessionAction } from './useSessionAction';
import { YourDetails } from './YourDetails';
import { ChangePassword } from './ChangePassword';
import { TwoFactor } from './TwoFactor';

export const OWN_SESSIONS_KEY = ['olympus.sessions', 'own'] as const;
const OTHERS = 'others';
const THIS = 'this';

function YourSessions() {
  const translate = useTranslate();
  const titleId = useId();
  const signOut = useSignOut();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const { busy: calling, run } = useSessionAction();
  const [leaving, setLeaving] = useState(false);
  const busy = leaving ? THIS : calling;
  const { data, error, isPending, refetch } = useQuery({
    queryKey: OWN_SESSIONS_KEY,
    queryFn: fetchOwnSessions,
    retry: false,
    refetchOnWindowFocus: true,
  });
  const t = (key: string) => translate(`olympus.account.sessions.${key}`);

  // This session ended elsewhere: sign out like any other call answering 401.
  const status = error instanceof SessionsError ? error.status : null;
  useEffect(() => {
    if (status === 401) void logoutIfAccessDenied({ status });
  }, [status, logoutIfAccessDenied]);

  const onSignOut = (s: SessionView) => {
    if (s.current) {
      // The same as the header's Logout: no notice, the browser goes to /login.
      setLeaving(true);
      void signOut(LOGOUT_REDIRECT_DELAY_MS);
      return;
    }
    void run(s.id, () => endOwnSession(s.id), { done: t('signed_out'), failed: t('failed') }, refetch);
  };
  const onSignOutOthers = () =>
    void run(OTHERS, endOtherSessions, { done: t('others_signed_out'), failed: t('failed') }, refetch);

  const others = data?.filter((s) => !s.current).length ?? 0;
  let body = loadState(
    { isPending, error, data },
    { loading: t('loading'), failed: t('load_failed'), retry: t('retry'), onRetry: () => void refetch() },
  );
  if (!body && data) {
    const busyId = busy === THIS ? (data.find((s) => s.current)?.id ?? null) : busy;
    body = (
      <>
        <SessionList sessions={data} labelledBy={titleId} onSignOut={onSignOut} busyId={busyId} />
        {others === 0 && (
          <Typography color="text.secondary" sx={{ mt: 1.5 }}>
            {t('none')}
          </Typography>
        )}
      </>
    );
  }

  return (
    <PageSection
      title={t('title')}
      titleId={titleId}
      intro={t('intro')}
      action={
        others > 0 && (
          <Button variant="contained" onClick={onSignOutOthers} disabled={busy !== null}>
            {t('sign_out_others')}
          </Button>
        )
      }
    >
      {body}
    </PageSection>
  );
}

export default function AccountPage() {
  const user = useSessionUser();
  const translate = useTranslate();
  const required = user?.two_factor_required === true;
  // Enrolment is all this user can do yet: it comes first, and stays first (keyed, so the recovery
  // codes it shows survive) after the session says it is done.
  const [enrolFirst, setEnrolFirst] = useState(required);
  if (required && !enrolFirst) setEnrolFirst(true);
  const details = <YourDetails key="details" />;
  const password = <ChangePassword key="password" />;
  const twoFactor = <TwoFactor key="two-factor" />;
  return (
    <Box sx={{ maxWidth: 1040, width: '100%', mx: 'auto' }}>
      <Title title="olympus.account.title" />
      <Stack spacing={0.5} sx={{ mb: 3, minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {user?.name}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {user?.email}
        </Typography>
      </Stack>
      <Stack spacing={3}>
        {required && (
          <Alert key="required" severity="warning">
            {translate('olympus.account.two_factor.required_notice')}
          </Alert>
        )}
        {enrolFirst ? [twoFactor, details, password] : [details, password, twoFactor]}
        <YourSessions />
      </Stack>
    </Box>
  );
}
