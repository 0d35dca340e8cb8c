// Logout: the button reads "Logging out" while busy; the auth state resets (even when the
// call fails) and the browser goes to /login after 750 ms (./useSignOut.ts).
import { useState } from 'react';
import { Button } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslate } from 'ra-core';
import { useSignOut } from './useSignOut';

export const LOGOUT_REDIRECT_DELAY_MS = 750;

export function LogoutButton() {
  const translate = useTranslate();
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);

  const onClick = () => {
    setBusy(true);
    void signOut(LOGOUT_REDIRECT_DELAY_MS);
  };

  return (
    <Button
      color="inherit"
      variant="outlined"
      size="small"
      startIcon={<LogoutIcon />}
      onClick={onClick}
      disabled={busy}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate(busy ? 'olympus.header.logging_out' : 'olympus.header.logout')}
    </Button>
  );
}
