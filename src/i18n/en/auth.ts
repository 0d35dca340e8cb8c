// English texts of the sign-in and password screens, assembled by src/i18n under `olympus.auth`.
// Texts the product fixes are verbatim; the rest only fills gaps.
export const auth = {
  logo_alt: 'Olympus',
  please_wait: 'Please wait...',
  redirecting: 'Redirecting...',
  landing: {
    login_link: 'Login to Olympus',
  },
  sso: {
    title: 'Login to Olympus',
    azure: 'Login with Azure',
    email_link: 'Login with email and password',
  },
  form: {
    title: 'Login to Olympus',
    email: 'Email Address',
    password: 'Password',
    submit: 'Login',
    forgot: 'Forgot Password?',
    back: 'Back',
    success: 'Login successful. Redirecting...',
  },
  callback: {
    authenticating: 'Hang on, we are just authenticating....',
  },
  password_new: {
    title: 'Set a New Password',
    intro: 'This is your first login. Please choose a new password to continue.',
    username: 'Username',
    password: 'New Password',
    confirmation: 'Confirm New Password',
    submit: 'Set Password',
    mismatch: 'Passwords do not match',
  },
  second_factor: {
    title: 'Two-factor sign-in',
    code: 'Code',
    code_help: 'Enter the 6-digit code from your authenticator app',
    recovery: 'Recovery code',
    recovery_help: 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.',
    use_recovery: 'Use a recovery code',
    use_app: 'Use the authenticator app',
    submit: 'Verify',
    back: 'Back to Login',
  },
  reset: {
    title: 'Reset Password',
    email: 'Email Address',
    warning:
      'Password reset is for email and password logins only. If you sign in with Azure single sign-on, please contact your IT administrator.',
    submit: 'Send Verification Code',
    back: 'Back to Login',
  },
  verify: {
    title: 'Verify Password Reset',
    email: 'Email Address',
    password: 'New Password',
    confirmation: 'Confirm Password',
    code: 'Verification Code',
    code_help: 'The verification code was sent to your email address.',
    submit: 'Reset Password',
    back: 'Back to Login',
    mismatch: 'Password and password confirmation do not match',
  },
  error: {
    cannot_login: 'We cannot log you in',
    internal: 'Internal error. Please try again later.',
    generic: 'Something went wrong',
    // A server message shows with a trailing period; the new-password error adds " Redirecting...".
    server: '%{message}.',
    server_redirecting: '%{message}. Redirecting...',
  },
};
