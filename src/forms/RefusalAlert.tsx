// A server's refusal of an action (a restore, a purge): its message and, under it, each reason it gave
// (422 field errors, the rows a change could not make). Closable; nothing when there is none.
import { Alert, Box } from '@mui/material';

export interface Refusal {
  message: string;
  errors: string[];
}

export function RefusalAlert({ refusal, onClose }: { refusal: Refusal | null; onClose: () => void }) {
  if (!refusal) return null;
  return (
    <Alert severity="error" onClose={onClose} sx={{ mb: 2 }}>
      {refusal.message}
      {refusal.errors.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {refusal.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
