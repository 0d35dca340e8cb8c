// Placeholder of a built-in report while its chunk or data loads: the shape of tiles and a chart.
import { Box, Skeleton, Stack } from '@mui/material';

export function BuiltinSkeleton() {
  return (
    <Stack spacing={2} aria-hidden>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={104} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={300} />
    </Stack>
  );
}
