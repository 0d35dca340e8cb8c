// The form's one status line: the validation summary or failure, or the success
// message with "Redirecting...". Nothing while loading, idle or busy (the button says so).
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FormPhase } from './formPhase';

export function FormAlert({ phase }: { phase: FormPhase }) {
  const translate = useTranslate();
  if (phase.kind === 'success') {
    return (
      <Alert severity="success" role="status">
        {translate('olympus.forms.redirecting', { message: phase.message })}
      </Alert>
    );
  }
  if (phase.kind === 'ready' && phase.error) return <Alert severity="error">{phase.error}</Alert>;
  return null;
}
