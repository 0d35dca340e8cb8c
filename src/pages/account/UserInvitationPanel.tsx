// The user edit screen's "Invitation" section, for a user who has not set a password yet: when their
// link was sent and when it expires (or expired), "Resend invitation" (a fresh link by mail) and "Copy
// invitation link" (a fresh link answered once, put on the clipboard). Either makes earlier links stop
// working, which the section says. Shown to whoever may update the user; the buttons only when the
// user is within their reach (the server refuses anyway). Hidden once the user has a password, and
// when the API refuses (403, 404), as the sessions and two-factor sections beside it.
import { useEffect, useState } from 'react';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';
import { SessionsError } from './sessionsApi';
import { when } from './sessionText';
import { fetchInvitation, sendInvitation } from './invitationApi';
import { loadState, PageSection } from '../../layout/PageSection';

export function UserInvitationPanel({ userId }: { userId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [busy, setBusy] = useState<'mail' | 'link' | null>(null);
  /** A link the clipboard refused: shown once, for the administrator to copy by hand. */
  const [manual, setManual] = useState<string | null>(null);
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['olympus.invitation', 'user', userId],
    queryFn: () => fetchInvitation(userId),
    retry: false,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
  const t = (key: string, options?: object) => translate(`olympus.invitation.panel.${key}`, options);
  const status = error instanceof SessionsError ? error.status : null;

  useEffect(() => {
    if (status === 401) void logoutIfAccessDenied({ status });
  }, [status, logoutIfAccessDenied]);
  if (status === 403 || status === 404 || status === 401) return null;
  if (data?.password_set) return null;

  const send = async (mail: boolean) => {
    setBusy(mail ? 'mail' : 'link');
    setManual(null);
    try {
      const sent = await sendInvitation(userId, mail);
      if (sent.link) {
        const copied = await navigator.clipboard?.writeText(sent.link).then(
          () => true,
          () => false,
        );
        if (copied) notify(t('copied'), { type: 'success' });
        else setManual(sent.link);
      } else {
        notify(t(sent.sso ? 'mailed_sso' : 'mailed'), { type: 'success' });
      }
    } catch (err) {
      const e = err instanceof SessionsError ? err : null;
      if (e?.status === 401) {
        await logoutIfAccessDenied({ status: 401 });
        return;
      }
      notify(e?.serverMessage ?? t('failed'), { type: 'error' });
    } finally {
      setBusy(null);
    }
    await refetch();
  };

  let body = loadState({ isPending, error, data }, { loading: translate('olympus.loading'), failed: t('load_failed') });
  if (!body && data) {
    const link = data.invitation;
    const line = data.sso
      ? null
      : link
        ? t(link.expired ? 'expired' : 'sent', { sent: when(link.sent_at), expires: when(link.expires_at) })
        : t('none');
    body = (
      <Stack spacing={1.5}>
        <Typography color="text.secondary">{t(data.sso ? 'intro_sso' : 'intro')}</Typography>
        {line && <Typography>{line}</Typography>}
        {data.may_send ? (
          !data.disabled && (
            <>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button variant="outlined" onClick={() => void send(true)} disabled={busy !== null}>
                  {t('resend')}
                </Button>
                {!data.sso && (
                  <Button variant="outlined" onClick={() => void send(false)} disabled={busy !== null}>
                    {t('copy')}
                  </Button>
                )}
              </Stack>
              {!data.sso && (
                <Typography variant="body2" color="text.secondary">
                  {t('copy_note')}
                </Typography>
              )}
            </>
          )
        ) : (
          <Alert severity="info">{t('beyond_reach')}</Alert>
        )}
        {manual && (
          <Stack spacing={1}>
            <Alert severity="warning">{t('copy_failed')}</Alert>
            <TextField
              label={t('link_label')}
              value={manual}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true } }}
              onFocus={(e) => e.target.select()}
            />
          </Stack>
        )}
      </Stack>
    );
  }

  return <PageSection title={t('title')}>{body}</PageSection>;
}
