// The review's one action over the selected people: "Disable", or "Remove access to {system}" with
// the system chosen from those the listed people hold. Both ask for confirmation first.
import { useId, useState } from 'react';
import { Button, FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { Confirm } from 'react-admin';
import type { ReviewUser } from '../../../contract/accessReview';
import { useReviewText } from './useReviewText';

export interface ReviewActionsProps {
  users: ReviewUser[];
  count: number;
  busy: boolean;
  onDisable: () => void;
  onRemoveAccess: (system: { id: string; name: string }) => void;
}

/** Every connected system someone in the list has access to, by name. */
function systemsOf(users: ReviewUser[]): { id: string; name: string }[] {
  const byId = new Map<string, string>();
  for (const u of users) for (const s of u.systems) byId.set(s.id, s.name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

export function ReviewActions({ users, count, busy, onDisable, onRemoveAccess }: ReviewActionsProps) {
  const t = useReviewText();
  const labelId = useId();
  const systems = systemsOf(users);
  const [systemId, setSystemId] = useState('');
  const [asking, setAsking] = useState<'disable' | 'remove' | null>(null);
  const system = systems.find((s) => s.id === systemId) ?? null;
  const none = count === 0 || busy;

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ alignItems: { xs: 'stretch', sm: 'center' }, flexWrap: 'wrap', mb: 2 }}
    >
      <Typography aria-live="polite" sx={{ minWidth: 100 }}>
        {t('selected', { smart_count: count })}
      </Typography>
      <Button variant="contained" color="error" disabled={none} onClick={() => setAsking('disable')}>
        {t('disable')}
      </Button>
      <FormControl size="small" sx={{ width: { xs: '100%', sm: 220 }, flex: '0 0 auto' }}>
        <InputLabel id={labelId}>{t('system')}</InputLabel>
        <Select
          labelId={labelId}
          label={t('system')}
          value={system ? systemId : ''}
          onChange={(e) => setSystemId(e.target.value)}
        >
          {systems.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Button variant="outlined" disabled={none || !system} onClick={() => setAsking('remove')}>
        {system ? t('remove_access', { system: system.name }) : t('remove_access_plain')}
      </Button>
      <Confirm
        isOpen={asking === 'disable'}
        title={t('confirm_disable_title', { smart_count: count })}
        content={t('confirm_disable')}
        confirm={t('disable')}
        cancel={t('cancel')}
        onClose={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          onDisable();
        }}
      />
      <Confirm
        isOpen={asking === 'remove' && system !== null}
        title={t('confirm_remove_title', { system: system?.name ?? '' })}
        content={t('confirm_remove', { smart_count: count, system: system?.name ?? '' })}
        confirm={system ? t('remove_access', { system: system.name }) : t('remove_access_plain')}
        cancel={t('cancel')}
        onClose={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          if (system) onRemoveAccess(system);
        }}
      />
    </Stack>
  );
}
