// "Change password" on the account page: current password, new password with the policy's checklist
// as the person types, and its confirmation (a mismatch says "Passwords do not match" and
// sends nothing). The server revokes every token of the account and answers a new one for this
// browser, which is stored at once so the person stays signed in here; if a session still shows up
// afterwards (one signed in meanwhile), the section offers to sign out all other sessions.
import { useState, type FormEvent } from 'react';
import { Alert, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useLogoutIfAccessDenied, useNotify, useTranslate } from 'ra-core';
import { isSuccess } from '../../../providers/httpClient';
import { authStore } from '../../../providers/store';
import { fieldErrors, serverMessage } from '../auth/authResult';
import { PageSection } from '../../layout/PageSection';
import { NewPasswordFields, newPasswordErrors } from './NewPasswordFields';
import { changePassword, useOwnProfile } from './profileApi';
import { endOtherSessions, fetchOwnSessions } from './sessionsApi';

const t = (key: string) => `olympus.account.password.${key}`;
// The sessions section's list (AccountPage OWN_SESSIONS_KEY) and any other sessions query.
const SESSIONS_KEY = ['olympus.sessions'];

function PasswordForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState(false);
  const [others, setOthers] = useState(0);
  const [ending, setEnding] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setProblem(null);
    setChanged(false);
    const local = newPasswordErrors(next, confirmation, {
      rulesUnmet: translate(t('rules_unmet')),
      mismatch: translate(t('mismatch')),
    });
    if (!current) local.current_password = translate(t('current_required'));
    setErrors(local);
    if (Object.keys(local).length) return;

    setBusy(true);
    const res = await changePassword({
      current_password: current,
      new_password: next,
      new_password_confirmation: confirmation,
    });
    if (isSuccess(res) && res.data?.access_token) {
      // The old token was revoked with every other: from now on this browser uses the new one.
      authStore.set({ access_token: res.data.access_token });
      setCurrent('');
      setNext('');
      setConfirmation('');
      setChanged(true);
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
      setOthers(
        await fetchOwnSessions().then(
          (list) => list.filter((s) => !s.current).length,
          () => 0,
        ),
      );
      setBusy(false);
      return;
    }
    setBusy(false);
    if (res?.status === 401) {
      await logoutIfAccessDenied({ status: 401 });
      return;
    }
    const onFields = fieldErrors(res);
    setErrors(onFields);
    if (Object.keys(onFields).length === 0)
      setProblem(serverMessage(res) ? `${serverMessage(res)}.` : translate(t('failed')));
  };

  const endOthers = async () => {
    setEnding(true);
    try {
      await endOtherSessions();
      notify('olympus.account.sessions.others_signed_out', { type: 'success' });
      setOthers(0);
    } catch {
      notify('olympus.account.sessions.failed', { type: 'error' });
    } finally {
      setEnding(false);
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ maxWidth: 560 }}>
      {/* For password managers: which account this password belongs to. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={authStore.get().user?.email ?? ''}
        readOnly
        hidden
      />
      <TextField
        id="account-current-password"
        name="current_password"
        type="password"
        label={translate(t('current'))}
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        autoComplete="current-password"
        error={!!errors.current_password}
        helperText={errors.current_password}
        disabled={busy}
        fullWidth
      />
      <NewPasswordFields
        idPrefix="account"
        labels={{ password: translate(t('new')), confirmation: translate(t('confirmation')) }}
        password={next}
        confirmation={confirmation}
        onPassword={setNext}
        onConfirmation={setConfirmation}
        errors={errors}
        disabled={busy}
      />
      {problem && <Alert severity="error">{problem}</Alert>}
      {changed && (
        <Alert severity="success" role="status">
          {translate(t('changed'))}
        </Alert>
      )}
      {changed && others > 0 && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => void endOthers()} disabled={ending}>
              {translate('olympus.account.sessions.sign_out_others')}
            </Button>
          }
          sx={{ flexWrap: 'wrap' }}
        >
          {translate(t('others_remain'), { smart_count: others })}
        </Alert>
      )}
      <div>
        <Button type="submit" variant="contained" disabled={busy}>
          {translate(t(busy ? 'saving' : 'submit'))}
        </Button>
      </div>
    </Stack>
  );
}

export function ChangePassword() {
  const translate = useTranslate();
  const { data, isPending } = useOwnProfile();
  let body;
  if (isPending) body = <CircularProgress size={24} aria-label={translate('olympus.loading')} />;
  else if (data?.sso_only) body = <Typography color="text.secondary">{translate(t('sso'))}</Typography>;
  else {
    body = (
      <>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate(t('intro'))}
        </Typography>
        <PasswordForm />
      </>
    );
  }
  return <PageSection title={translate(t('title'))}>{body}</PageSection>;
}
