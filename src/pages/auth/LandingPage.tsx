// The landing page: the logo and a link labelled "Login to Olympus" to /login.
import { Button } from '@mui/material';
import { Link } from 'react-router';
import { useTranslate } from 'react-admin';
import AuthCard from './AuthCard';

export default function LandingPage() {
  const translate = useTranslate();
  return (
    <AuthCard>
      <Button component={Link} to="/login" variant="contained" size="large" fullWidth>
        {translate('olympus.auth.landing.login_link')}
      </Button>
    </AuthCard>
  );
}
