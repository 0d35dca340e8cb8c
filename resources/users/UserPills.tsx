// The users list's "System Access" and "System Roles" columns: one pill per system or role.
import { Chip, Stack } from '@mui/material';

/**
 * The theme's gold (secondary.main, #a8841a) is 3.5:1 on white, under WCAG AA's 4.5:1 for text: the
 * role pills write and outline in a darker gold, 5.8:1 on white and 5.3:1 on a hovered row. (The
 * theme's secondary.dark is react-admin's default blue, not a darker gold.) Navy passes as it is.
 */
const PILL_SX = { secondary: { color: '#7d6212', borderColor: '#7d6212' }, primary: undefined } as const;

export function Pills({
  items,
  color,
}: {
  items: { key: string; label: string; title?: string }[];
  color: 'primary' | 'secondary';
}) {
  if (items.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {items.map((i) => (
        <Chip
          key={i.key}
          label={i.label}
          title={i.title}
          size="small"
          color={color}
          variant="outlined"
          sx={PILL_SX[color]}
        />
      ))}
    </Stack>
  );
}
