// A list of signed-in sessions: a table from 600 px up, one card per session below (a 390 px phone
// must not scroll sideways). With `onSignOut` each session gets a "Sign out" button; without it
// (an administrator's view of another user) the list is read-only.
import {
  Box,
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { visuallyHidden } from '@mui/utils';
import { useTranslate } from 'ra-core';
import type { SessionView } from './sessionsApi';
import { deviceLabel, when } from './sessionText';

export interface SessionListProps {
  sessions: SessionView[];
  /** Names the table for assistive technology (the id of the section's heading). */
  labelledBy: string;
  onSignOut?: (session: SessionView) => void;
  /** The id of the session whose sign-out is under way (its button is disabled). */
  busyId?: string | null;
}

function ThisSession() {
  const translate = useTranslate();
  // Dark text on the light primary tint keeps well above 4.5:1 contrast.
  return (
    <Chip
      size="small"
      label={translate('olympus.account.sessions.this_session')}
      sx={{ bgcolor: '#e3e8f1', color: 'primary.main', fontWeight: 600 }}
    />
  );
}

function SignOutButton({
  session,
  onSignOut,
  busy,
}: {
  session: SessionView;
  onSignOut: (s: SessionView) => void;
  busy: boolean;
}) {
  const translate = useTranslate();
  const device = deviceLabel(session, translate);
  const label = translate(
    session.current ? 'olympus.account.sessions.sign_out_this_label' : 'olympus.account.sessions.sign_out_label',
    { device },
  );
  return (
    <Button
      size="small"
      variant="outlined"
      color="primary"
      startIcon={<LogoutIcon />}
      onClick={() => onSignOut(session)}
      disabled={busy}
      aria-label={label}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate('olympus.account.sessions.sign_out')}
    </Button>
  );
}

const addressOf = (s: SessionView, unknown: string) => s.ip ?? unknown;

export function SessionList({ sessions, labelledBy, onSignOut, busyId = null }: SessionListProps) {
  const translate = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const t = (key: string) => translate(`olympus.account.sessions.${key}`);
  const unknown = t('unknown_address');

  if (narrow) {
    return (
      <Stack component="ul" spacing={1.5} aria-labelledby={labelledBy} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {sessions.map((s) => (
          <Box component="li" key={s.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
              <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {deviceLabel(s, translate)}
              </Typography>
              {s.current && <ThisSession />}
            </Stack>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 1.5,
                rowGap: 0.5,
                m: 0,
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, overflowWrap: 'anywhere' },
              }}
            >
              <dt>{t('address')}</dt>
              <dd>{addressOf(s, unknown)}</dd>
              <dt>{t('signed_in')}</dt>
              <dd>{when(s.signed_in_at)}</dd>
              <dt>{t('last_active')}</dt>
              <dd>{when(s.last_active_at)}</dd>
            </Box>
            {onSignOut && (
              <Box sx={{ mt: 1.5 }}>
                <SignOutButton session={s} onSignOut={onSignOut} busy={busyId === s.id} />
              </Box>
            )}
          </Box>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            {['device', 'address', 'signed_in', 'last_active'].map((k) => (
              <TableCell key={k} sx={{ fontWeight: 600 }}>
                {t(k)}
              </TableCell>
            ))}
            {/* An empty header cell still needs a name for screen readers. */}
            {onSignOut && (
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {t('sign_out')}
                </Box>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {sessions.map((s) => (
            <TableRow key={s.id}>
              <TableCell>
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <span>{deviceLabel(s, translate)}</span>
                  {s.current && <ThisSession />}
                </Stack>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{addressOf(s, unknown)}</TableCell>
              <TableCell>{when(s.signed_in_at)}</TableCell>
              <TableCell>{when(s.last_active_at)}</TableCell>
              {onSignOut && (
                <TableCell align="right">
                  <SignOutButton session={s} onSignOut={onSignOut} busy={busyId === s.id} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
