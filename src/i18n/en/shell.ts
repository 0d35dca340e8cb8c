// English texts of the app shell (layout, navigation, route guard, dashboard, not-found page),
// assembled by src/i18n under `olympus`. Texts the product fixes are verbatim
// (tests/unit/i18n.test.ts); the rest fills gaps.
export const shell = {
  app_name: 'Olympus',
  logo_alt: 'Olympus',
  loading: 'Loading...',
  nav: {
    label: 'Main navigation',
    // The resources' items are labelled with their lists' titles (contract/access.ts).
    home: 'Home',
    reports: 'Reports',
    audit: 'Audit log',
  },
  header: {
    company: 'Company',
    logout: 'Logout',
    logging_out: 'Logging out',
  },
  footer: {
    copyright: '© %{year} Olympus',
  },
  systems: {
    redirecting: 'Redirecting to %{system}...',
    redirect_failed: 'Sorry, %{system} could not be opened. Please try again later.',
  },
  dashboard: {
    title: 'Dashboard',
    welcome: 'Welcome, %{name}',
    role: 'Your Olympus role: %{role}',
    // %{support} is replaced by a mailto link to the support address.
    no_role: 'You do not have an Olympus role set. Please contact support at %{support}.',
    select_system: 'Select a System below:',
    or: 'or',
    no_systems: "You don't have access to any systems currently, please contact support at %{support}.",
    open_system: 'Open %{system}',
  },
  not_found: {
    message: 'Sorry, this page does not exist.',
    go_to_dashboard: 'Go to Dashboard',
  },
};
