// SPEC §2 users "System Access" and "System Roles" columns: one pill per system or role.
import { Chip, Stack } from '@mui/material';

export function Pills({ items, color }: { items: { key: string; label: string; title?: string }[]; color: 'primary' | 'secondary' }) {
  if (items.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {items.map((i) => (
        <Chip key={i.key} label={i.label} title={i.title} size="small" color={color} variant="outlined" />
      ))}
    </Stack>
  );
}
