// The one status line of a form: nothing while idle or busy (the button says
// "Please wait..."), then the success or error message.
import { Alert } from '@mui/material';

export type FormStatus =
  { kind: 'idle' } | { kind: 'busy' } | { kind: 'success'; text: string } | { kind: 'error'; text: string };

export const IDLE: FormStatus = { kind: 'idle' };
export const BUSY: FormStatus = { kind: 'busy' };

/** Busy, or finished with success (a redirect is pending): the form must not be sent again. */
export const isLocked = (s: FormStatus) => s.kind === 'busy' || s.kind === 'success';

export function StatusAlert({ status }: { status: FormStatus }) {
  if (status.kind === 'success') {
    return (
      <Alert severity="success" role="status">
        {status.text}
      </Alert>
    );
  }
  if (status.kind === 'error') return <Alert severity="error">{status.text}</Alert>;
  return null;
}
