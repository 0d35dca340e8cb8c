// "Two-factor sign-in" on the account page: off → "Turn on" asks for the current password (not just
// after a sign-in held back until enrolment), then shows a QR code and the key as text, and a first
// code from the app confirms it; the ten recovery codes are then shown once. On → how many recovery
// codes are left, "New recovery codes" and "Turn off", both asking for the current password again
// (the server throttles it like sign-in). Each change signs the other sessions out. Single-sign-on
// users rely on their provider's factor.
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { loadState, PageSection } from '../../layout/PageSection';
import { useQueryClient } from '@tanstack/react-query';
import { useLogoutIfAccessDenied, useTranslate } from 'ra-core';
import { isSuccess, type ApiResult } from '../../../providers/httpClient';
import { loadSessionUser } from '../../../providers/authSession';
import { fieldErrors, serverMessage } from '../auth/authResult';
import { RecoveryCodesList } from './RecoveryCodesList';
import {
  confirmSetup,
  newRecoveryCodes,
  startSetup,
  turnOff,
  TWO_FACTOR_KEY,
  useTwoFactorStatus,
  type TwoFactorSetup,
} from './twoFactorApi';

const t = (key: string) => `olympus.account.two_factor.${key}`;
type PasswordAction = 'on' | 'off' | 'codes';
/** A set-up waiting for its first code, and the password that started it (sent again with the code). */
interface PendingSetup {
  setup: TwoFactorSetup;
  password?: string;
}

/** Shared failure handling: 401 signs out; field errors go on fields; anything else is one line. */
function useFailure() {
  const translate = useTranslate();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return async (res: ApiResult | undefined, field: string): Promise<{ field?: string; problem?: string }> => {
    if (res?.status === 401) {
      await logoutIfAccessDenied({ status: 401 });
      return {};
    }
    const onField = fieldErrors(res)[field];
    if (onField) return { field: onField };
    return { problem: serverMessage(res) ? `${serverMessage(res)}.` : translate(t('failed')) };
  };
}

function SetupForm({
  pending: { setup, password },
  onCodes,
  onCancel,
}: {
  pending: PendingSetup;
  onCodes: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const failure = useFailure();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setError(translate(t('code_format')));
      return;
    }
    setBusy(true);
    const res = await confirmSetup(code.replace(/\s/g, ''), password);
    setBusy(false);
    if (isSuccess(res) && res.data) return onCodes(res.data.recovery_codes);
    const f = await failure(res, 'code');
    setError(f.field);
    setProblem(f.problem);
  };
  // Groups of four read more easily when typed by hand.
  const grouped = setup.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ maxWidth: 560 }}>
      <Typography>{translate(t('scan'))}</Typography>
      <Box
        component="img"
        src={setup.qr_code}
        alt={translate(t('qr_alt'))}
        sx={{ width: 200, height: 200, bgcolor: '#fff', border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
      <div>
        <Typography>{translate(t('key_intro'))}</Typography>
        <Typography
          component="code"
          data-testid="totp-secret"
          sx={{ fontFamily: 'monospace', fontSize: '1.05rem', overflowWrap: 'anywhere', display: 'block', mt: 0.5 }}
        >
          {grouped}
        </Typography>
      </div>
      <TextField
        id="account-totp-code"
        name="code"
        label={translate(t('code'))}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        error={!!error}
        helperText={error ?? translate(t('code_help'))}
        disabled={busy}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
        sx={{ maxWidth: 240 }}
      />
      {problem && <Alert severity="error">{problem}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button type="submit" variant="contained" disabled={busy}>
          {translate(t(busy ? 'confirming' : 'confirm'))}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {translate(t('cancel'))}
        </Button>
      </Stack>
    </Stack>
  );
}

interface PasswordStepDone {
  codes: string[] | null;
  pending: PendingSetup | null;
}

const INTRO: Record<PasswordAction, string> = { on: 'on_intro', off: 'off_intro', codes: 'codes_new_intro' };
const SUBMIT: Record<PasswordAction, string> = { on: 'continue', off: 'turn_off', codes: 'codes_new' };

async function runWithPassword(
  action: PasswordAction,
  password: string,
): Promise<{ res: ApiResult<unknown> | undefined; done: PasswordStepDone | null }> {
  if (action === 'on') {
    const res = await startSetup(password);
    return { res, done: isSuccess(res) && res.data ? { codes: null, pending: { setup: res.data, password } } : null };
  }
  const res = action === 'off' ? await turnOff(password) : await newRecoveryCodes(password);
  return {
    res,
    done:
      isSuccess(res) && res.data
        ? { codes: 'recovery_codes' in res.data ? res.data.recovery_codes : null, pending: null }
        : null,
  };
}

function PasswordStep({
  action,
  onDone,
  onCancel,
}: {
  action: PasswordAction;
  onDone: (done: PasswordStepDone) => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const failure = useFailure();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!password) {
      setError(translate('olympus.account.password.current_required'));
      return;
    }
    setBusy(true);
    setProblem(undefined);
    const { res, done } = await runWithPassword(action, password);
    setBusy(false);
    if (done) return onDone(done);
    const f = await failure(res, 'current_password');
    setError(f.field);
    setProblem(f.problem);
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ maxWidth: 560 }}>
      <Typography>{translate(t(INTRO[action]))}</Typography>
      <TextField
        id="account-two-factor-password"
        name="current_password"
        type="password"
        label={translate('olympus.account.password.current')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoComplete="current-password"
        error={!!error}
        helperText={error}
        disabled={busy}
        autoFocus
        fullWidth
      />
      {problem && <Alert severity="error">{problem}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button type="submit" variant="contained" color={action === 'off' ? 'error' : 'primary'} disabled={busy}>
          {translate(t(SUBMIT[action]))}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {translate(t('cancel'))}
        </Button>
      </Stack>
    </Stack>
  );
}

export function TwoFactor() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const failure = useFailure();
  const { data, isPending, error, refetch } = useTwoFactorStatus();
  const [setup, setSetup] = useState<PendingSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<PasswordAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
  const begin = async () => {
    setNotice(null);
    setProblem(null);
    if (data?.password_needed !== false) return setAsking('on');
    setStarting(true);
    const res = await startSetup();
    setStarting(false);
    if (isSuccess(res) && res.data) setSetup({ setup: res.data });
    else setProblem((await failure(res, '')).problem ?? null);
  };

  const loading = loadState(
    { isPending, error, data },
    {
      loading: translate('olympus.loading'),
      failed: translate(t('load_failed')),
      retry: translate('olympus.account.sessions.retry'),
      onRetry: () => void refetch(),
    },
  );
  let body;
  if (loading || !data) body = loading;
  else if (data.sso_only) body = <Typography color="text.secondary">{translate(t('sso'))}</Typography>;
  else if (codes) {
    body = (
      <RecoveryCodesList
        codes={codes}
        onDone={() => {
          setCodes(null);
          // The section now says it is on; the notice would only repeat it.
          setNotice(null);
          void refresh();
        }}
      />
    );
  } else if (setup) {
    body = (
      <SetupForm
        pending={setup}
        onCancel={() => setSetup(null)}
        onCodes={(c) => {
          setSetup(null);
          setCodes(c);
          setNotice(translate(t('turned_on')));
          void refresh();
          // A role requiring two-factor sign-in held the rest of the app back until now.
          void loadSessionUser();
        }}
      />
    );
  } else if (asking) {
    body = (
      <PasswordStep
        action={asking}
        onCancel={() => setAsking(null)}
        onDone={({ codes: c, pending }) => {
          setAsking(null);
          if (pending) return setSetup(pending);
          setNotice(translate(t(c ? 'codes_renewed' : 'turned_off')));
          if (c) setCodes(c);
          void refresh();
        }}
      />
    );
  } else if (data.enabled) {
    body = (
      <Stack spacing={2}>
        <Typography>
          <strong>{translate(t('on'))}</strong> {translate(t('codes_left'), { smart_count: data.recovery_codes_left })}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="outlined" onClick={() => setAsking('codes')}>
            {translate(t('codes_new'))}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setAsking('off')}>
            {translate(t('turn_off'))}
          </Button>
        </Stack>
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography color="text.secondary">{translate(t('intro'))}</Typography>
        <Button variant="contained" onClick={() => void begin()} disabled={starting}>
          {translate(t(starting ? 'starting' : 'turn_on'))}
        </Button>
      </Stack>
    );
  }

  return (
    <PageSection title={translate(t('title'))}>
      <Stack spacing={2}>
        {notice && (
          <Alert severity="success" role="status" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        {problem && <Alert severity="error">{problem}</Alert>}
        {body}
      </Stack>
    </PageSection>
  );
}
