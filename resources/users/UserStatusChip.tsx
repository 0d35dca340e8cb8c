// The users list's "Status" and "Last sign-in" cells (contract/types.ts User.status, last_login_at).
// The status is a word in a small outlined chip, never a colour alone; each colour is dark enough
// for WCAG AA on white and on a hovered row (each at least 6.5:1 on #ffffff, 6:1 on #f5f5f5).
import { Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { UserStatus } from '../../contract/types';
import type { UserRecord } from './userRecord';

const COLOURS: Record<UserStatus, string> = {
  invited: '#01579b',
  active: '#1b5e20',
  disabled: '#545454',
  locked: '#b71c1c',
};

export function UserStatusChip({ status }: { status: UserStatus | undefined }) {
  const translate = useTranslate();
  if (!status) return null;
  const colour = COLOURS[status];
  return (
    <Chip
      label={translate(`olympus.invitation.list.${status}`)}
      size="small"
      variant="outlined"
      sx={{ color: colour, borderColor: colour }}
      data-status={status}
    />
  );
}

const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The day of the last sign-in in the reader's locale, or "Never"; the exact time on hover. */
export function LastSignIn({ at }: { at: string | null | undefined }) {
  const translate = useTranslate();
  if (!at)
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {translate('olympus.invitation.list.never')}
      </Typography>
    );
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return <span>{at}</span>;
  return (
    <Typography variant="body2" component="time" dateTime={at} title={d.toLocaleString()} sx={{ whiteSpace: 'nowrap' }}>
      {date.format(d)}
    </Typography>
  );
}

export const statusCell = (u: UserRecord) => <UserStatusChip status={u.status} />;
export const lastSignInCell = (u: UserRecord) => <LastSignIn at={u.last_login_at} />;
/** The CSV keeps the plain values: the status word as the API spells it, the ISO time ('' when never). */
export const statusValue = (u: UserRecord) => u.status ?? '';
export const lastSignInValue = (u: UserRecord) => u.last_login_at ?? '';
