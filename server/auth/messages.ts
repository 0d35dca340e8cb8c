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
  invitationInvalid:
    'This invitation link is not valid. Open the whole link from your email, or ask your administrator to send you a new one.',
  invitationExpired: 'This invitation has expired. Ask your administrator to send you a new one.',
  invitationUsed:
    'This invitation has already been used. Sign in with your password, or use "Forgot Password?" to choose a new one.',
  invitationReplaced:
    'This invitation has been replaced by a newer one. Use the link in the most recent email, or ask your administrator to send you a new one.',
  invitationAccountChanged:
    'This invitation no longer works because your account has changed since it was sent. Ask your administrator to send you a new one.',
  accountDisabled: 'Your Olympus account has been disabled. Please contact your administrator.',
  invitationAccepted: 'Your password has been set. You can now sign in.',
  invitationThrottled: (s: number) => `Too many attempts. Please try again in ${s} seconds.`,
} as const;
