// SPEC §2/§4 logout: the button reads "Logging out" while busy; the auth state resets (even when the
// call fails) and the browser goes to /login after 750 ms.
import { useState } from 'react';
import { Button } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAuthProvider, useResetStore, useTranslate } from 'ra-core';
import { LOGIN_PATH } from '../../providers/authProvider';

export const LOGOUT_REDIRECT_DELAY_MS = 750;

export function LogoutButton() {
  const translate = useTranslate();
  const authProvider = useAuthProvider();
  const navigate = useNavigate();
  const resetStore = useResetStore();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      await authProvider?.logout({});
    } catch (err) {
      console.error('logout failed', err); // still logged out (SPEC §4)
    }
    // Not react-admin's useLogout: it redirects at once. Its clean-up (store, query cache) runs
    // after leaving the admin so no mounted view refetches as the signed-out user.
    setTimeout(() => {
      navigate(LOGIN_PATH);
      setTimeout(() => {
        resetStore();
        queryClient.clear();
      }, 0);
    }, LOGOUT_REDIRECT_DELAY_MS);
  };

  return (
    <Button color="inherit" variant="outlined" size="small" startIcon={<LogoutIcon />} onClick={onClick} disabled={busy} sx={{ whiteSpace: 'nowrap' }}>
      {translate(busy ? 'olympus.header.logging_out' : 'olympus.header.logout')}
    </Button>
  );
}
