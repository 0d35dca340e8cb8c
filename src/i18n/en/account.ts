// English texts of the account page (/dashboard/account) and of the sessions section of the user edit
// screen, assembled by src/i18n under `olympus.account`.
export const account = {
  title: 'Your account',
  header_link: 'Your account',
  sessions: {
    title: 'Your sessions',
    intro: 'These are the browsers signed in to your account. Sign out any you do not recognise.',
    loading: 'Loading sessions...',
    load_failed: 'Your sessions could not be loaded.',
    retry: 'Try again',
    none: 'No other sessions are signed in.',
    device: 'Device',
    address: 'Address',
    signed_in: 'Signed in',
    last_active: 'Last active',
    this_session: 'This session',
    sign_out: 'Sign out',
    // The action's accessible name: says which session the button ends.
    sign_out_label: 'Sign out %{device}',
    sign_out_this_label: 'Sign out this session (%{device})',
    sign_out_others: 'Sign out all other sessions',
    signed_out: 'The session has been signed out.',
    others_signed_out: 'Your other sessions have been signed out.',
    failed: 'The session could not be signed out. Please try again.',
    // How a session's browser and system read in the list.
    browser_on_os: '%{browser} on %{os}',
    unknown_browser: 'Unknown browser',
    unknown_device: 'Unknown device',
    unknown_address: 'Unknown',
  },
  user_sessions: {
    title: 'Sessions',
    // Polyglot's English plural: one form for 1, one for the rest (0 has its own text below).
    count: '1 signed-in session |||| %{smart_count} signed-in sessions',
    none: 'No signed-in sessions.',
    end_all: 'End all sessions',
    confirm_title: 'End all sessions of %{name}?',
    confirm_content: 'They will be signed out everywhere and must sign in again.',
    confirm: 'End all sessions',
    cancel: 'Cancel',
    ended: 'All of the user’s sessions have been ended.',
    failed: 'The sessions could not be ended. Please try again.',
    load_failed: 'The user’s sessions could not be loaded.',
  },
};
