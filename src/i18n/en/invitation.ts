// English texts of invitations (set-password links), assembled by src/i18n under `olympus.invitation`:
// the public /invitation page, the user edit screen's "Invitation" section, and the users list's
// status and last sign-in columns. The password checklist reuses `olympus.account.password.rule_*`.
export const invitation = {
  page: {
    title_invite: 'Welcome to Olympus',
    title_reset: 'Set a New Password',
    checking: 'Checking your invitation...',
    intro_invite: 'Hello %{name}. Choose a password to finish setting up your account.',
    intro_reset: 'Hello %{name}. Your administrator has reset your password. Choose a new one.',
    email: 'Email Address',
    password: 'New Password',
    confirmation: 'Confirm New Password',
    submit: 'Set Password',
    rules_unmet: 'The new password does not meet every rule below.',
    mismatch: 'Passwords do not match',
    missing:
      'This invitation link is not valid. Open the whole link from your email, or ask your administrator to send you a new one.',
    unreachable: 'Your invitation could not be checked. Please try again.',
    retry: 'Try again',
    sign_in: 'Sign in',
    forgot: 'Forgot Password?',
    back: 'Back to Login',
  },
  panel: {
    title: 'Invitation',
    intro: 'This user has not set a password yet. They set one with the link in their invitation email.',
    intro_sso:
      'This user signs in with single sign-on and has not signed in yet. Their invitation tells them to use "Login with Azure".',
    sent: 'Sent %{sent}; the link expires %{expires}.',
    expired: 'Sent %{sent}; the link expired %{expires}. Send a new one.',
    none: 'No invitation link is waiting. Send a new one.',
    resend: 'Resend invitation',
    copy: 'Copy invitation link',
    copy_note: 'A new link is made each time: links sent or copied earlier stop working.',
    mailed: 'A new invitation has been emailed. Earlier links no longer work.',
    mailed_sso: 'An invitation to sign in with single sign-on has been emailed.',
    copied: 'The invitation link has been copied. Earlier links no longer work.',
    link_label: 'Invitation link',
    copy_failed: 'The link could not be copied here. Select it and copy it yourself: it is shown only now.',
    beyond_reach: 'This user has access you do not manage: ask a super admin to send their invitation.',
    failed: 'That did not work. Please try again.',
    load_failed: 'The user’s invitation could not be loaded.',
  },
  list: {
    status: 'Status',
    last_sign_in: 'Last sign-in',
    never: 'Never',
    invited: 'Invited',
    active: 'Active',
    disabled: 'Disabled',
    locked: 'Locked',
  },
};
