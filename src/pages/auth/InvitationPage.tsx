// /invitation#<token>: the page an invitation (or an administrator's password reset) mail links to.
// The token rides in the fragment, so it never reaches a server log or a Referer; the page asks the
// server what it is for, then sets the password with it (server/auth/invitation.ts). The password
// checklist is the account page's (PasswordRules); a mismatch is caught here and sends nothing. On
// success the server's message shows, then /login-form after 1.5 s (as the reset's verify step).
// A used, replaced, expired or unknown link shows the server's explanation and where to go next.
// The token leaves the address bar at once (kept for this tab only, so a reload still works): the
// address then holds no credential for browser history, screenshots or error reports to pick up.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useLocation, useNavigate } from 'react-router';
import { useTranslate } from 'react-admin';
import { isSuccess, type ApiResult } from '../../../providers/httpClient';
import { invitationAccept, invitationCheck, type InvitationInfo } from '../../../providers/olympusApi';
import { NewPasswordFields, newPasswordErrors } from '../account/NewPasswordFields';
import AuthCard from './AuthCard';
import { BUSY, IDLE, isLocked, StatusAlert, type FormStatus } from './FormStatus';
import { failureText, fieldErrors, successMessage } from './authResult';
import RouterLink from './RouterLink';
import { DELAYS, useDelayedNavigate } from './useDelayedNavigate';

const t = (key: string) => `olympus.invitation.page.${key}`;
/** sessionStorage key of the link's token while the page is open in this tab. */
const TOKEN_KEY = 'olympus.invitation';

type Check =
  | { kind: 'checking' }
  | { kind: 'ready'; info: InvitationInfo }
  /** The server refused the link: its status (410 used/expired/replaced, 404 unknown, 403 …) and message. */
  | { kind: 'refused'; status: number; message: string }
  /** No answer (network): offer to try again. */
  | { kind: 'unreachable' };

/** A refusal's message as the server wrote it (full sentences), or null for an answer that is not one. */
function refusalOf(res: ApiResult | undefined): { status: number; message: string } | null {
  if (!res || ![403, 404, 410].includes(res.status) || typeof res.message !== 'string' || !res.message) return null;
  return { status: res.status, message: res.message };
}

function Refused({ status, message }: { status: number; message: string }) {
  const translate = useTranslate();
  // A used link: the password is set, so the way on is signing in (or resetting a forgotten one).
  const used = status === 410 && /used/i.test(message);
  return (
    <Stack spacing={2}>
      <Alert severity="error">{message}</Alert>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', flexWrap: 'wrap' }} useFlexGap>
        {used ? (
          <>
            <RouterLink to="/login-form">{translate(t('sign_in'))}</RouterLink>
            <RouterLink to="/password/reset">{translate(t('forgot'))}</RouterLink>
          </>
        ) : (
          <RouterLink to="/login">{translate(t('back'))}</RouterLink>
        )}
      </Stack>
    </Stack>
  );
}

function SetPasswordForm({
  token,
  info,
  onRefused,
}: {
  token: string;
  info: InvitationInfo;
  onRefused: (r: { status: number; message: string }) => void;
}) {
  const translate = useTranslate();
  const schedule = useDelayedNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [status, setStatus] = useState<FormStatus>(IDLE);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLocked(status)) return;
    const local = newPasswordErrors(password, confirmation, {
      rulesUnmet: translate(t('rules_unmet')),
      mismatch: translate(t('mismatch')),
    });
    setErrors(local);
    if (Object.keys(local).length) {
      setStatus(IDLE);
      return;
    }
    setStatus(BUSY);
    const res = await invitationAccept({ token, new_password: password });
    if (isSuccess(res)) {
      sessionStorage.removeItem(TOKEN_KEY);
      setStatus({ kind: 'success', text: successMessage(res) ?? translate('olympus.auth.redirecting') });
      schedule('/login-form', DELAYS.afterReset);
      return;
    }
    const refusal = refusalOf(res);
    if (refusal) {
      onRefused(refusal);
      return;
    }
    const onFields = fieldErrors(res);
    setErrors(onFields);
    // The server's message with one trailing period (429 and the like).
    setStatus(Object.keys(onFields).length ? IDLE : { kind: 'error', text: failureText(res, translate) });
  };

  const locked = isLocked(status);
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography variant="body2" color="text.secondary" align="center">
        {translate(t(info.kind === 'reset' ? 'intro_reset' : 'intro_invite'), { name: info.name })}
      </Typography>
      {/* Shown read-only, and for password managers: which account the new password belongs to. */}
      <TextField
        id="invitation-email"
        name="username"
        label={translate(t('email'))}
        value={info.email}
        autoComplete="username"
        fullWidth
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <NewPasswordFields
        idPrefix="invitation"
        labels={{ password: translate(t('password')), confirmation: translate(t('confirmation')) }}
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
        errors={errors}
        disabled={locked}
        autoFocus
      />
      <StatusAlert status={status} />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={locked}>
        {translate(status.kind === 'busy' ? 'olympus.auth.please_wait' : t('submit'))}
      </Button>
    </Stack>
  );
}

/** A garbled %-escape is left as it is: the server then says the link is not valid. */
function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export default function InvitationPage() {
  const translate = useTranslate();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const fromHash = () => safeDecode(hash.replace(/^#/, '')).trim();
  const [token, setToken] = useState(() => fromHash() || sessionStorage.getItem(TOKEN_KEY) || '');
  // Also when another link is opened in this tab (only the fragment changes: no page load).
  useEffect(() => {
    if (!hash) return;
    const fresh = safeDecode(hash.replace(/^#/, '')).trim();
    if (fresh) {
      sessionStorage.setItem(TOKEN_KEY, fresh);
      setToken(fresh);
    }
    navigate('/invitation', { replace: true });
  }, [hash, navigate]);
  const [check, setCheck] = useState<Check>(() =>
    token ? { kind: 'checking' } : { kind: 'refused', status: 404, message: translate(t('missing')) },
  );

  const ask = useCallback(async () => {
    if (!token) return;
    setCheck({ kind: 'checking' });
    const res = await invitationCheck(token);
    if (isSuccess(res) && res.data) setCheck({ kind: 'ready', info: res.data as InvitationInfo });
    else
      setCheck(
        refusalOf(res)
          ? { kind: 'refused', ...(refusalOf(res) as { status: number; message: string }) }
          : { kind: 'unreachable' },
      );
  }, [token]);

  useEffect(() => {
    void ask();
  }, [ask]);

  const title = check.kind === 'ready' && check.info.kind === 'reset' ? t('title_reset') : t('title_invite');
  let body;
  if (check.kind === 'checking') {
    body = (
      <Stack spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={28} aria-hidden />
        <Typography color="text.secondary">{translate(t('checking'))}</Typography>
      </Stack>
    );
  } else if (check.kind === 'ready') {
    body = (
      <SetPasswordForm
        key={token}
        token={token}
        info={check.info}
        onRefused={(r) => setCheck({ kind: 'refused', ...r })}
      />
    );
  } else if (check.kind === 'refused') {
    body = <Refused status={check.status} message={check.message} />;
  } else {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void ask()}>
            {translate(t('retry'))}
          </Button>
        }
      >
        {translate(t('unreachable'))}
      </Alert>
    );
  }
  return <AuthCard title={translate(title)}>{body}</AuthCard>;
}
