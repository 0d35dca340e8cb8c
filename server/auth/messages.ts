// Every text the sign-in endpoints answer with, in one place (the SPA shows them verbatim).
export const MSG = {
  badCredentials: 'These credentials do not match our records.',
  loginThrottled: (s: number) => `Too many login attempts. Please try again in ${s} seconds.`,
  ssoEnforced: 'Your organisation signs in with single sign-on. Please use "Login with Azure".',
  tempPasswordExpired: 'Your temporary password has expired. Please ask an administrator to set a new one.',
  loggedOut: 'You have been logged out.',
  sessionExpired: 'Your session has expired. Please log in again.',
  passwordSet: 'Your password has been set.',
  passwordNewThrottled: (s: number) => `Too many attempts. Please try again in ${s} seconds.`,
  resetSent: 'If that address has an account, we have emailed a verification code to it.',
  resetThrottled: (s: number) => `Too many password reset requests. Please try again in ${s} seconds.`,
  codeInvalid: 'The verification code is invalid or has expired.',
  verifyThrottled: (s: number) => `Too many verification attempts. Please try again in ${s} seconds.`,
  passwordReset: 'Your password has been reset.',
  secondFactorWrong: 'That code is not right. Please try again.',
  secondFactorExpired: 'Your sign-in has expired. Please sign in again.',
} as const;
