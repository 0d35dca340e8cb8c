// The people of an access review: a table from 600 px up, one card per person below (a 390 px phone
// must not scroll sideways). Each person has a checkbox, unless the reviewer may not change them: then
// the reason is shown instead.
import type { ReactNode } from 'react';
import {
  Box,
  Checkbox,
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
import LockOutlined from '@mui/icons-material/LockOutlined';
import type { ReviewUser } from '../../../contract/accessReview';
import { when } from '../account/sessionText';
import { useReviewText } from './useReviewText';

export interface ReviewTableProps {
  users: ReviewUser[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  labelledBy: string;
}

function Status({ user }: { user: ReviewUser }) {
  const t = useReviewText();
  // Dark text on a light tint keeps well above 4.5:1 contrast.
  return (
    <Chip
      size="small"
      label={t(`reason.${user.reason}`)}
      sx={{ bgcolor: user.reason === 'dormant' ? '#fdf1dc' : '#e3e8f1', color: '#1f2a3d', fontWeight: 600 }}
    />
  );
}

function Systems({ user }: { user: ReviewUser }) {
  const t = useReviewText();
  if (user.systems.length === 0) return <Typography color="text.secondary">{t('no_systems')}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {user.systems.map((s) => (
        <li key={s.id}>{s.role ? `${s.name}: ${s.role}` : s.name}</li>
      ))}
    </Box>
  );
}

function Pick({ user, selected, onToggle }: { user: ReviewUser; selected: boolean; onToggle: (id: string) => void }) {
  const t = useReviewText();
  // The reason is shown with the person; the icon only marks the row for sighted readers.
  if (user.refusal) return <LockOutlined titleAccess={t('cannot_change')} sx={{ color: 'text.secondary', mx: 1.5 }} />;
  return (
    <Checkbox
      checked={selected}
      onChange={() => onToggle(user.id)}
      slotProps={{ input: { 'aria-label': t('select_user', { name: user.name }) } }}
    />
  );
}

const lastSignIn = (u: ReviewUser, never: string) => (u.last_login_at ? when(u.last_login_at) : never);

export function ReviewTable({ users, selected, onToggle, onToggleAll, labelledBy }: ReviewTableProps) {
  const t = useReviewText();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const selectable = users.filter((u) => !u.refusal);
  const allSelected = selectable.length > 0 && selectable.every((u) => selected.has(u.id));
  const someSelected = selectable.some((u) => selected.has(u.id));
  const never = t('never');
  const selectAll: ReactNode = (
    <Checkbox
      checked={allSelected}
      indeterminate={someSelected && !allSelected}
      disabled={selectable.length === 0}
      onChange={onToggleAll}
      slotProps={{ input: { 'aria-label': t('select_all') } }}
    />
  );

  if (narrow) {
    return (
      <>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          {selectAll}
          <Typography>{t('select_all')}</Typography>
        </Stack>
        <Stack component="ul" spacing={1.5} aria-labelledby={labelledBy} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {users.map((u) => (
            <Box component="li" key={u.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                {!u.refusal && <Pick user={u} selected={selected.has(u.id)} onToggle={onToggle} />}
                <Box sx={{ minWidth: 0 }}>
                  <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {u.name}
                  </Typography>
                  <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {u.email}
                  </Typography>
                </Box>
              </Stack>
              <Box sx={{ my: 1 }}>
                <Status user={u} />
              </Box>
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
                <dt>{t('last_sign_in')}</dt>
                <dd>{lastSignIn(u, never)}</dd>
                <dt>{t('olympus_role')}</dt>
                <dd>{u.olympus_role ?? t('no_role')}</dd>
                <dt>{t('systems')}</dt>
                <dd>
                  <Systems user={u} />
                </dd>
                <dt>{t('companies')}</dt>
                <dd>{u.companies.map((c) => c.name).join(', ')}</dd>
              </Box>
              {u.refusal && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {u.refusal}
                </Typography>
              )}
            </Box>
          ))}
        </Stack>
      </>
    );
  }

  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">{selectAll}</TableCell>
            {['name', 'status', 'last_sign_in', 'olympus_role', 'systems', 'companies'].map((k) => (
              <TableCell key={k} sx={{ fontWeight: 600 }}>
                {t(k)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((u) => (
            <TableRow key={u.id} selected={selected.has(u.id)}>
              <TableCell padding="checkbox">
                <Pick user={u} selected={selected.has(u.id)} onToggle={onToggle} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 220 }}>
                <Typography sx={{ fontWeight: 600 }}>{u.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {u.email}
                </Typography>
                {u.refusal && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, fontStyle: 'italic' }}>
                    {u.refusal}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <Status user={u} />
              </TableCell>
              <TableCell>{lastSignIn(u, never)}</TableCell>
              <TableCell>{u.olympus_role ?? t('no_role')}</TableCell>
              <TableCell>
                <Systems user={u} />
              </TableCell>
              <TableCell>{u.companies.map((c) => c.name).join(', ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
