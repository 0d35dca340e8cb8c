// "Your details" on the account page: the person's name and sign-in email. Changing the email asks for
// the current password (the field appears once the address differs) and the server mails the old and
// the new address. Someone who signs in only through SSO sees their address read-only: it is the
// organisation's. After a save the signed-in user is read again, so the header shows the new name.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useLogoutIfAccessDenied, useNotify, useTranslate } from 'ra-core';
import { loadSessionUser } from '../../../providers/authSession';
import { isSuccess } from '../../../providers/httpClient';
import { fieldErrors, serverMessage } from '../auth/authResult';
import { loadState, PageSection } from '../../layout/PageSection';
import { OWN_PROFILE_KEY, saveProfile, useOwnProfile, type OwnProfile } from './profileApi';

const t = (key: string) => `olympus.account.details.${key}`;

function DetailsForm({ profile }: { profile: OwnProfile }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [name, setName] = useState(profile.name);
  const [email, setEmail] = useState(profile.email);
  const [current, setCurrent] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changesEmail = !profile.sso_only && email.trim() !== profile.email;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setProblem(null);
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = translate(t('name_required'));
    if (changesEmail && !current) local.current_password = translate(t('password_required'));
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    const res = await saveProfile(changesEmail ? { name, email: email.trim(), current_password: current } : { name });
    setBusy(false);
    if (isSuccess(res) && res.data) {
      setCurrent('');
      setName(res.data.name);
      setEmail(res.data.email);
      notify(t('saved'), { type: 'success' });
      queryClient.setQueryData(OWN_PROFILE_KEY, {
        name: res.data.name,
        email: res.data.email,
        sso_only: res.data.sso_only,
      });
      await loadSessionUser();
      return;
    }
    if (res?.status === 401) {
      await logoutIfAccessDenied({ status: 401 });
      return;
    }
    const onFields = fieldErrors(res);
    setErrors(onFields);
    // A refusal not about one field (locked, throttled, SSO) shows above the button.
    if (Object.keys(onFields).length === 0)
      setProblem(serverMessage(res) ? `${serverMessage(res)}.` : translate(t('failed')));
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ maxWidth: 560 }}>
      <TextField
        id="account-name"
        name="name"
        label={translate(t('name'))}
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoComplete="name"
        error={!!errors.name}
        helperText={errors.name}
        disabled={busy}
        fullWidth
      />
      <TextField
        id="account-email"
        name="email"
        type="email"
        label={translate(t('email'))}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        autoComplete="email"
        error={!!errors.email}
        helperText={errors.email ?? (profile.sso_only ? translate(t('email_sso')) : undefined)}
        disabled={busy}
        fullWidth
        slotProps={{ htmlInput: { readOnly: profile.sso_only } }}
      />
      {changesEmail && (
        <TextField
          id="account-email-password"
          name="current_password"
          type="password"
          label={translate(t('current_password'))}
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          autoComplete="current-password"
          error={!!errors.current_password}
          helperText={errors.current_password ?? translate(t('current_password_help'))}
          disabled={busy}
          fullWidth
        />
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
      <div>
        <Button type="submit" variant="contained" disabled={busy}>
          {translate(t(busy ? 'saving' : 'save'))}
        </Button>
      </div>
    </Stack>
  );
}

export function YourDetails() {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useOwnProfile();
  const failed = loadState(
    { isPending, error, data },
    {
      loading: translate('olympus.loading'),
      failed: translate(t('load_failed')),
      retry: translate('olympus.account.sessions.retry'),
      onRetry: () => void refetch(),
    },
  );
  return (
    <PageSection title={translate(t('title'))} intro={translate(t('intro'))}>
      {failed ?? (data && <DetailsForm profile={data} />)}
    </PageSection>
  );
}
