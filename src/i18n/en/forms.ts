// English texts of the create and edit screens and the server-defined form renderer, assembled by
// src/i18n under `olympus.forms`. Texts the product fixes are verbatim (tests/unit/form-i18n.test.ts);
// the rest fills gaps.
export const forms = {
  loading: 'Loading...',
  please_wait: 'Please wait...',
  load_failed: 'Sorry, this form could not be loaded. Please try again later.',
  // After a successful save, "{server message}. Redirecting..."
  redirecting: '%{message}. Redirecting...',
  saved: 'Saved',
  unknown_field: 'Sorry, an error occurred with this field. Please contact your administrator.',
  choose: 'Choose an option',
  select_all: 'Select all',
  select_all_of: 'Select all %{group}',
  company_line: 'Company: %{name}',
  // A file field (docs/resources.md "Files").
  file: {
    none: 'No file',
    upload: 'Upload a file',
    replace: 'Upload another file',
    remove: 'Remove',
    remove_named: 'Remove %{name}',
    download: 'Download %{name}',
    uploading: 'Uploading: %{percent}%',
    too_large: 'The file may not be larger than %{size}.',
    failed: 'The file could not be uploaded. Please try again.',
  },
  edit: 'Edit',
  validation: {
    // Fixed texts, verbatim.
    enter_value: 'Please enter a value for %{label}',
    email: 'A valid email is required',
    tel: 'Your phone number should be at least %{min} characters long',
    choose_option: 'Please choose an option',
    required: 'Value is required',
    invalid_email: 'Value is not a valid email address',
    min_length: 'This field should be at least %{min} characters long',
    money: 'Enter an amount with at most 2 decimal places, such as 1250.50',
    at_least: 'The amount must be at least %{min}',
    at_most: 'The amount may not be more than %{max}',
    summary_many: 'The highlighted fields are required.',
    summary_one: '%{message}.',
  },
  // A save refused because someone else saved the record meanwhile (docs/resources.md "Versions and conflicts").
  conflict: {
    title: 'Someone else saved this record while you were editing it',
    intro:
      'Nothing of yours has been saved yet, and what you typed is still in the form. Compare the changes, then choose.',
    intro_none:
      'Nothing of yours has been saved yet, and what you typed is still in the form. The changes were to details this form does not show.',
    changes: 'Changed since you opened the form',
    theirs: 'Theirs (saved now)',
    yours: 'Yours (not saved)',
    by: 'Changed by %{name}, %{at}',
    by_system: 'Changed by the system, %{at}',
    empty: '(empty)',
    yes: 'Yes',
    no: 'No',
    keep_mine: 'Keep mine',
    keep_mine_help: 'Save your values over theirs.',
    take_theirs: 'Take theirs',
    take_theirs_help: 'Reload the record as it is now. Everything you typed in this form is discarded.',
    reloading: 'Reloading...',
  },
  error: {
    // A record without a name, and a save that got no answer at all.
    generic: 'There was an error',
    all_fields_required: 'All fields are required',
  },
  // The company screens' titles, buttons and failures are the declared resource's (resources.company.*).
  company: {
    integrations: 'Integrations',
    no_integrations: 'No integrations are available for this company.',
    properties: 'Properties',
    property_name: 'Property Name',
    city: 'City',
    postcode: 'Postcode',
    no_properties: 'This company has no properties yet.',
  },
  // A property's and a unit's screen texts are the declared resources' (resources.*, src/i18n/en/resources.ts).
  property: {
    units: 'Units',
    unit_name: 'Unit Name',
    type: 'Type',
    status: 'Status',
    no_units: 'This property has no units yet.',
    units_truncated: 'Showing the first %{shown} of %{total} units. Find the others in the unit list.',
  },
  // The role screens' titles, buttons and failures are the declared resource's (resources.roles.*).
  role: {
    details: 'Role',
    name: 'Name',
    label: 'Label',
    permissions: 'Permissions',
    permissions_desc: 'Choose what this role may do. A wildcard permission grants every permission of its group.',
    included_in: 'included in %{wildcard}',
    not_editable: 'The %{role} role cannot be edited.',
    require_two_factor: 'Require two-factor sign-in',
  },
  integration: {
    title: 'Edit %{integration}',
    submit: 'Update %{integration}',
    back: 'Back to Company',
    update_failed: 'Could not update %{integration}',
  },
};
