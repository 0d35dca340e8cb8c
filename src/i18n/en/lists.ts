// English texts of the list screens, assembled by src/i18n under `olympus.lists`. Texts the product
// fixes are verbatim (tests/unit/list-i18n.test.ts); the rest only fills gaps.
export const lists = {
  back_home: 'Back to Home',
  back_roles: 'Back to Roles',
  // A list whose area has an overview page (Compliance, Reports) leads back to it.
  back_to: 'Back to %{page}',
  company_line: 'Company: %{name}',
  // A file field's cell: a paper clip (docs/resources.md "Files").
  file_attached: 'File attached: %{name}',
  search: 'Search',
  loading: 'Loading results',
  per_page: 'Results per page',
  range: '%{from}–%{to} of %{total}',
  // A capped count (contract/lists.ts COUNT_CAP): there are more rows than were counted.
  range_more: '%{from}–%{to} of more than %{total}',
  actions: 'Actions',
  edit: 'Edit',
  pagination: {
    label: 'Pagination',
    first: 'Go to first page',
    previous: 'Go to previous page',
    next: 'Go to next page',
    last: 'Go to last page',
    page: 'Go to page %{page}',
  },
  // Bulk changes of the selected rows (docs/resources.md "Bulk changes"); %{count} is e.g. "3 units".
  bulk: {
    toolbar: 'Selected rows',
    select_page: 'Select all on this page',
    select_row: 'Select %{name}',
    selected: '%{smart_count} selected',
    update: 'Update selected',
    delete: 'Delete selected',
    delete_confirm: 'Delete %{count}?',
    delete_text: 'They will be deleted all together, or none of them if one cannot be.',
    delete_text_trash: 'They will be moved to the trash all together, or none of them if one cannot be.',
    delete_apply: 'Delete',
    update_title: 'Update %{count}',
    field: 'Field',
    value: 'New %{field}',
    none: 'None',
    will_change: '%{count} will change.',
    apply: 'Apply',
    cancel: 'Cancel',
    updated: '%{count} updated',
    deleted: '%{count} deleted',
  },
  notice: {
    deleting: 'Deleting ...',
    deleted: 'The item has been deleted.',
    close: 'Close',
  },
  remove: {
    confirm: 'Are you sure you want to delete this item?',
    failed: 'Could not delete the Item',
    // The record changed since the list showed it (docs/resources.md "Versions and conflicts"): asked again.
    changed_title: 'This item changed since it was shown',
    changed_text: '%{changes} Delete it anyway?',
    changed_one: '%{field} was changed by %{name}, %{at}.',
    changed_system: '%{field} was changed by the system, %{at}.',
    changed_unknown: 'Someone changed it after the list was loaded.',
    changed_yes: 'Delete anyway',
    changed_no: 'Keep it',
    kept: 'The item was not deleted. The list now shows it as it is.',
  },
  dialog: {
    ok: 'OK',
  },
  // A list's declared filters (docs/resources.md "Filters"); each input is labelled by its field's label.
  filters: {
    label: 'Filters',
    open: 'Filters',
    open_count: 'Filters (%{count})',
    close: 'Close filters',
    done: 'Done',
    clear: 'Clear filters',
    any: 'Any',
    // An optional reference's records without one (`property_id=none`).
    none: 'None',
    yes: 'Yes',
    no: 'No',
    from: '%{field} from',
    to: '%{field} to',
    // Under a range's "to" box when it is below the "from": nothing can match.
    reversed: 'Must not be less than %{field} from',
    reversed_date: 'Must not be before %{field} from',
  },
  // The users list's title, buttons and columns are the declared resource's (resources.users.*).
  users: {
    view_all: 'View All Users',
    view_company: 'View Company Users',
    confirm_title: 'Are you sure?',
    confirm_text: 'You will not be able to recover this user',
    confirm_yes: 'Yes, delete the user',
    confirm_no: 'No, keep the user',
    deleted_title: 'Deleted!',
    deleted_text: 'The user has been deleted.',
    error_title: 'Error',
  },
  // companies, properties, units and roles: the declared resources' texts (resources.*, src/i18n/en/resources.ts).
};
