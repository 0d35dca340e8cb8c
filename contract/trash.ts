// The trash of the declared resources (docs/resources.md "Trash"): what both sides share.

/** The most records one page of a trash holds. */
export const TRASH_PER_PAGE_MAX = 100;

/** Days a deleted record stays restorable when OLYMPUS_TRASH_DAYS is not set. */
export const TRASH_DEFAULT_DAYS = 30;
export const TRASH_MIN_DAYS = 1;
export const TRASH_MAX_DAYS = 3650;
