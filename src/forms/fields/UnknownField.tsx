// A field of a type the renderer does not know: a message in its place, no value sent.
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

export function UnknownField({ id }: { id: string }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" id={id}>
      {translate('olympus.forms.unknown_field')}
    </Alert>
  );
}
