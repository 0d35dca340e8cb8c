// What the SSO endpoints answer with. The SPA shows its own texts for these ("Internal
// error…" when no URL comes back, "We cannot log you in" after a failed callback); API clients and
// logs get these.
export const SSO_MSG = {
  notConfigured: 'Single sign-on is not configured.',
  providerUnavailable: 'The single sign-on provider could not be reached. Please try again later.',
  failed: 'Your sign-in could not be completed. Please try again.',
  wrongTenant: 'This account belongs to an organisation that cannot sign in to Olympus.',
  unverifiedEmail: 'Your sign-in provider has not verified your email address. Please contact your administrator.',
  unknownIdentity: 'No Olympus account matches this sign-in. Please contact your administrator.',
  disabled: 'Your Olympus account has been disabled. Please contact your administrator.',
  mfaRequired:
    'Your role requires two-factor sign-in, and your sign-in provider did not report a second factor. Sign in again using your provider’s multi-factor authentication, or ask your administrator to require it for your account.',
  throttled: (s: number) => `Too many login attempts. Please try again in ${s} seconds.`,
} as const;
