// A resource declared once (docs/resources.md): plain data both sides import. The server derives its
// routes, schemas, checks, forms, list and OpenAPI entries from it (server/crud/), the
// browser its screens and texts (src/declared/). No server code here: only shapes, builders and derived types.
import type { Inputs } from './inputs';
import type { AreaKey } from '../areas';
import type { OlympusRoleName } from '../roles';
import { MONEY_MAX, TEL_MAX, URL_MAX, type TextPattern } from './kinds';
import { whenOf, type FieldWhen, type WhenOpt } from './when';
import { UPLOAD_MB_MAX, type FileType, type FileValue } from '../uploads';
import type { FilterDecl, FilterOf } from './filterDecl';

/** Length limits of text fields (the form's maxlength and the API's check). */
export const NAME_MAX = 255;
export const DESCRIPTION_MAX = 5000;
export const POSTCODE_MAX = 32;

interface FieldBase {
  /** The English label the form shows (catalogue key: catalogueKey()). */
  label: string;
  /** The form group the field sits in (the groups show in the order their first field is declared). */
  group: string;
  required: boolean;
  /** Optional in the form, but the server fills it in when left blank: never null when read. */
  derived?: boolean;
  /** Shown, never written: not in the create/update bodies. */
  readOnly?: boolean;
  /** A hint under the label (the form's `label-help`). */
  help?: string;
  /**
   * Shown only while another field has one of some values (./when.ts); `required` then applies only
   * while shown (such a field's own `required` is false: it may be null). Hidden, it is stored cleared.
   */
  when?: FieldWhen & { required: boolean };
}

/** Text; `email`, `tel` and `url` add their format checks (./kinds.ts, server/crud/kinds.ts). */
export interface TextField extends FieldBase {
  type: 'text' | 'textarea' | 'email' | 'tel' | 'url';
  maxlength: number;
  /** A plain text's or textarea's own format (text and textarea only): ./kinds.ts TextPattern. */
  pattern?: TextPattern;
}
/** A calendar date, `Y-m-d` on the wire, a PostgreSQL `date` column. */
export interface DateField extends FieldBase {
  type: 'date';
  /**
   * The day another field took its value ("Let since 1 Dec", docs/resources.md "Occupancy"): never
   * in the future, never before the date stored (the previous change); left as it was while that field
   * changes, the database makes it today.
   */
  since?: string;
}
export interface NumberField extends FieldBase {
  type: 'number';
  min: number;
  max: number;
  /** Whole numbers only. */
  integer: boolean;
}
export interface ChoiceField extends FieldBase {
  type: 'select';
  /** The choices: the values on the wire, each shown as words (`gas_safety` → "Gas safety") unless `labels` names
   * another. */
  options: readonly string[];
  /** The label a value is shown with (forms, list cells, filters), when not the value itself: `{ powerbi: 'Power BI'
   * }`. */
  labels?: Readonly<Record<string, string>>;
  /** 'radio': the form shows a radio group rather than a select (the API is the same). */
  display?: 'radio';
  /**
   * The list shows the value as a chip of this colour, with its label (never the colour alone): `{ expired: 'error' }`;
   * a value without a tone shows as text.
   */
  tones?: Readonly<Record<string, ChoiceTone>>;
  /**
   * Computed by the server on every read, never stored nor written (docs/resources.md "Computed fields"): the
   * resource's binding gives its SQL (server/crud/binding.ts CrudHooks.computed, by the field's name). It has no
   * column, is read-only in forms, is left out of history, import and bulk, and may be a list column, sort key and
   * choice filter.
   */
  computed?: true;
}
/** The colours a choice's chip may take (the theme's palette). */
export type ChoiceTone = 'success' | 'warning' | 'error' | 'info' | 'default';
/**
 * An amount of money: a PostgreSQL `numeric(12,2)`, exact to the penny. On the wire a decimal string
 * ("1250.00", always 2 places when read; a number or "1250.5" is taken when written), so no client
 * loses a penny to floating point (docs/resources.md "Fields").
 */
export interface MoneyField extends FieldBase {
  type: 'money';
  /** ISO 4217 code: the form's symbol and the list's format (Intl.NumberFormat). */
  currency: string;
  min: number;
  max: number;
}
/** Several of fixed options in one column (PostgreSQL `text[]`): read as an array in the options' order, written whole.
 */
export interface MultiChoiceField extends FieldBase {
  type: 'multichoice';
  options: readonly string[];
  /** The label an option is shown with in the form, when not the value itself (as ChoiceField.labels). */
  labels?: Readonly<Record<string, string>>;
  /** What a new record holds when none is sent (the create form's starting value, the column's default): none by
   * default. */
  default?: readonly string[];
}
/** A reference to another resource's record, chosen in a select filled from that resource. */
export interface RefField extends FieldBase {
  type: 'select';
  ref: {
    /** The referenced resource's API name (its list fills the select: `options-from`). */
    to: string;
    /** The key of the nested `{ uuid, name }` object the read shape shows it as (null when unset). */
    as: string;
    /**
     * Deleting the referenced record: 'restrict' answers 409 while records point at it; 'set null'
     * (optional references only) empties this field of those records first.
     */
    onDelete: OnDelete;
  };
}
export type OnDelete = 'restrict' | 'set null';
export interface CheckboxField extends FieldBase {
  type: 'checkbox';
  default: boolean;
}
/**
 * A set of values chosen among options (a checkbox list), kept one row per value in a link table the
 * server binding names (docs/resources.md): read as a sorted array, written whole when sent.
 */
export interface ManyField extends FieldBase {
  type: 'checkbox';
  many: {
    maxItems: number;
    /** The longest value accepted. */
    maxlength: number;
    /** The 422 message for a value that is not among the options; `{value}` stands for it. */
    unknown: string;
  };
}
/**
 * A file (docs/resources.md "Files"): the record holds an upload's id (`POST /uploads` first), read back
 * as `{ id, name, size, content_type }`. `types` are told by the file's bytes, never its name.
 */
export interface FileField extends FieldBase {
  type: 'file';
  types: readonly FileType[];
  /** The largest file taken, in MB (at most UPLOAD_MB_MAX). */
  maxMb: number;
}
export type FieldDecl =
  | FileField
  | TextField
  | DateField
  | NumberField
  | ChoiceField
  | RefField
  | CheckboxField
  | ManyField
  | MoneyField
  | MultiChoiceField;
export type Fields = Record<string, FieldDecl>;

/**
 * A new area a resource declares for itself (docs/resources.md "A new area"; contract/access.ts adds it to the built-in
 * ones): its permissions
 * `{key}.*|view|create|update|delete` (labelled with the resource's plural noun), its navigation item
 * linking to the resource's list (labelled with the list's title, its icon the registration's), the
 * roles barred from it, and which of its permissions each built-in role gets by default.
 */
export interface DeclaredArea {
  key: string;
  /** The navigation item (false: none): its place (built-in items at 10, 20, …: home, users, roles, properties,
   * companies, reports, audit log; default last), its label when not the list's title (`label: 'Compliance'`), the
   * access level that sees it besides super_admin (default admin), and `page`: the path under /dashboard of an
   * overview page it leads to instead of the list (registered in resources/index.ts `pages`; the area's rules guard
   * it). */
  nav?: false | { order?: number; level?: OlympusRoleName | null; label?: string; page?: string };
  /** Roles barred from its routes and calls (default system_user). */
  barred?: readonly OlympusRoleName[];
  /** The permission group's place in the role editor (built-in groups 1–7; default after them). */
  order?: number;
  /** Which of its permissions each built-in role is given, once, when the area first appears; super_admin gets
   * `{key}.*` unless stated. */
  defaults?: Partial<Record<OlympusRoleName, readonly string[]>>;
}

/** `area: newArea('parking', { defaults: { admin: ['parking.*'] } })` in a resource declaration. */
export const newArea = <const K extends string>(
  key: K,
  o: Omit<DeclaredArea, 'key'> = {},
): DeclaredArea & { key: K } => ({ key, ...o });

export interface ResourceMessages {
  created: string;
  updated: string;
  deleted: string;
  notFound: string;
}

export interface ResourceDecl<F extends Fields = Fields> {
  /** API name: path `/{name}`, OpenAPI tag, catalogue prefix. */
  name: string;
  path: string;
  /** The SPA's resource name (its screens live under /dashboard/{spa}); also the audit entity. */
  spa: string;
  /** For texts: "unit" / "units"; `article` as in "an integration" (by default "an" before a, e, i, o: "an inspection
   * type", "a unit"). */
  noun: { one: string; many: string; article?: 'a' | 'an' };
  /**
   * A navigation item of its own for a resource in a built-in area (a declared area brings one with
   * `newArea`): its place among the items (Home 10, Users 20, Roles 30, Properties 40, Companies 50,
   * Reports 60, Audit log 70). Shown to whoever the area's item would be; labelled with the list's title.
   * The first resource naming a built-in area that is no page (contract/areas.ts) gives the area's own item.
   */
  nav?: { order?: number };
  /**
   * The area whose rules and `{area}.{action}` permissions apply: a built-in one (contract/access.ts)
   * by name, or the resource's own `newArea(…)` (another resource may share it: `area: theirs.area`).
   */
  area: AreaKey | DeclaredArea;
  /** 'scoped': records belong to the X-Tenant company; another company's record answers 404. */
  tenancy: 'scoped' | 'global';
  /**
   * A scoped resource a super_admin reaches in every company (docs/resources.md "Binding and hooks"): any record
   * by its id, and every company's records at once with the list's `?all=true` (users: a user of several
   * companies is one record). Others, an admin included, keep to the X-Tenant company.
   */
  everyCompany?: boolean;
  fields: F;
  /**
   * Read-only columns the server computes for the read shape (its binding's `computed` hook), named
   * here so the list may show them: e.g. a property's `company`.
   */
  computed?: readonly string[];
  /**
   * Values the create and update bodies take that no column keeps, acted on by the binding's hooks
   * (./inputs.ts; docs/resources.md "Inputs"): users' companies, a role per system, disabled, reset_password.
   */
  inputs?: Inputs;
  list: {
    /** The list screen's columns: fields, references' `as`, or `computed` names. */
    columns: readonly string[];
    /** Sort keys, the default sort first: a field (text sorts without letter case) or a reference's `as`. */
    sort: readonly string[];
    /** Keys `q` matches (case-insensitive substring): text fields or a reference's `as`. */
    search: readonly string[];
    /** The keys the list screen's search box matches (`q_in`), when narrower than `search`. */
    searchBox?: readonly string[];
    /** The list's filters (./filters.ts): query parameters of the list route and the list screen's filter bar. */
    filters?: readonly FilterDecl[];
  };
  messages: ResourceMessages;
  /** OpenAPI summaries that differ from the derived ones. */
  summaries: Partial<Record<RouteKey, string>>;
  /** OpenAPI descriptions (the list has a derived one about paging; '' for none). */
  descriptions?: Partial<Record<RouteKey, string>>;
  /**
   * One permission every route and screen of the resource needs, instead of `{area}.{action}` per
   * action (reports: 'reports.manage'; the area's rules still apply first). contract/access.ts permissionOf.
   */
  permission?: string;
  /**
   * false: no history routes and no History panel (a resource whose past must not be shown). By
   * default every record's audit rows are its history, with a restore (docs/resources.md "History").
   */
  history?: false;
  /**
   * false: a delete is for good (users: restoring one would hand access back). By default a delete
   * moves the record to the trash, restorable for OLYMPUS_TRASH_DAYS (docs/resources.md "Trash").
   */
  trash?: false;
  /**
   * Bulk changes of the list's selected records (docs/resources.md "Bulk changes"): `update` names
   * the fields one bulk update may set (none: delete only); delete is offered wherever delete is.
   * false: no bulk route and no selection on the list.
   */
  bulk?: BulkDecl;
  /**
   * CSV import (docs/resources.md "Import"): `key` names the fields a row is matched by, to update
   * the record that has the same values rather than create another (a reference among them is matched
   * by the referenced record); none: every row creates. By default a resource imports, without a key.
   * false: no import routes and no Import button.
   */
  import?: ImportDecl;
  /**
   * Reminders on one of its date fields (docs/resources.md "Date reminders"): the server mails the record's company's
   * users who may `notify` the resource when the date comes within each threshold, each once per record, threshold and
   * date value. A scoped resource only.
   */
  reminders?: RemindersDecl;
}

/** One point before a date at which a reminder goes: `key` names it (bookkeeping, audit), `daysBefore` ≥ 0. */
export interface ReminderThreshold {
  key: string;
  /** Days before the date (0: on the day); a binding may give it per record (CrudBinding `reminders.daysBefore`). */
  daysBefore: number;
}

/** Date reminders: the date field, the thresholds (least urgent first) and whose permission of the resource is told. */
export interface RemindersDecl<K extends string = string> {
  field: K;
  thresholds: readonly ReminderThreshold[];
  /** The action whose permission (permissionOf) a company user needs to be told: `update` by default. */
  notify?: 'view' | 'update';
}

/** What a resource's CSV import matches rows by; false for no import at all. */
export type ImportDecl = false | { key?: readonly string[] };

/** What a resource offers in bulk: the fields one bulk update may set; false for no bulk changes at all. */
export type BulkDecl = false | { update?: readonly string[] };

export type RouteKey =
  'list' | 'createForm' | 'one' | 'editForm' | 'create' | 'update' | 'delete' | 'trash' | 'restore';

/** Whether a delete moves the resource's records to the trash (docs/resources.md "Trash"). */
export const hasTrash = (d: Pick<ResourceDecl, 'trash'>): boolean => d.trash !== false;

interface Opt {
  required?: boolean;
  derived?: boolean;
  readOnly?: boolean;
  help?: string;
  /** Shown (and `required`) only while `field` has the value `is` (or one of them): ./when.ts. */
  when?: WhenOpt;
}
/**
 * `true` only for `{ required: true }` without `when` (written as a conditional so a call's context
 * cannot widen it): a conditional field may be null.
 */
type Req<O> = O extends { when: object } ? false : O extends { required: true } ? true : false;
type Flags<O extends Opt> = { required: Req<O>; derived: O extends { derived: true } ? true : undefined };
const common = (label: string, o: Opt) => ({
  label,
  group: '',
  required: o.when ? false : (o.required ?? false),
  derived: o.derived,
  readOnly: o.readOnly,
  help: o.help,
  ...(o.when ? { when: { ...whenOf(o.when), required: o.required ?? false } } : {}),
});
interface TextOpt extends Opt {
  maxlength?: number;
  /** A format of its own, with its 422 message and an example (./kinds.ts TextPattern). */
  pattern?: TextPattern;
}

/** Email, tel and url have their own format: no pattern of the caller's. */
type KindOpt = Omit<TextOpt, 'pattern'>;

/** Field builders: `text('Unit name', { required: true })`; call them inside group(). */
export const text = <const O extends TextOpt = {}>(label: string, o: O = {} as O) =>
  ({
    type: 'text',
    ...common(label, o),
    maxlength: o.maxlength ?? NAME_MAX,
    ...(o.pattern ? { pattern: o.pattern } : {}),
  }) as TextField & Flags<O>;
export const textarea = <const O extends TextOpt = {}>(label: string, o: O = {} as O) =>
  ({ ...text(label, { maxlength: DESCRIPTION_MAX, ...o }), type: 'textarea' }) as TextField & Flags<O>;
export const email = <const O extends KindOpt = {}>(label: string, o: O = {} as O) =>
  ({ ...text(label, o), type: 'email' }) as TextField & Flags<O>;
/** A phone number: at least TEL_MIN_LENGTH of digits, spaces, +, -, ( and ) (./kinds.ts). */
export const tel = <const O extends KindOpt = {}>(label: string, o: O = {} as O) =>
  ({ ...text(label, { maxlength: TEL_MAX, ...o }), type: 'tel' }) as TextField & Flags<O>;
/** A web address, http or https (./kinds.ts). */
export const url = <const O extends KindOpt = {}>(label: string, o: O = {} as O) =>
  ({ ...text(label, { maxlength: URL_MAX, ...o }), type: 'url' }) as TextField & Flags<O>;
interface DateOpt extends Opt {
  /** The field whose changes this date dates (DateField.since). */
  since?: string;
}
/** A calendar date, `Y-m-d` (contract/forms.ts DATE_FORMAT). */
export const date = <const O extends DateOpt = {}>(label: string, o: O = {} as O) =>
  ({ type: 'date', ...common(label, o), ...(o.since ? { since: o.since } : {}) }) as DateField & Flags<O>;
export const number = <const O extends Opt & { min: number; max: number; integer?: boolean }>(label: string, o: O) =>
  ({ type: 'number', ...common(label, o), min: o.min, max: o.max, integer: o.integer ?? false }) as NumberField &
    Flags<O>;
export const choice = <
  const O extends Opt & { display?: 'radio' | 'select'; labels?: Readonly<Record<string, string>> } = {},
>(
  label: string,
  options: readonly string[],
  o: O = {} as O,
) =>
  ({
    type: 'select',
    ...common(label, o),
    options,
    ...(o.labels ? { labels: o.labels } : {}),
    ...(o.display === 'radio' ? { display: 'radio' } : {}),
  }) as ChoiceField & Flags<O>;
/** A choice shown as a radio group: `choice(label, options, { display: 'radio' })`. */
export const radio = <const O extends Opt & { labels?: Readonly<Record<string, string>> } = {}>(
  label: string,
  options: readonly string[],
  o: O = {} as O,
) => choice(label, options, { ...o, display: 'radio' }) as ChoiceField & Flags<O>;

/** A value as words, for a choice that gives it no label: `gas_safety` → "Gas safety", `Under Offer` as it is. */
const asWords = (value: string): string => {
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The label a choice's value is shown with: its declared label, else the value as words (asWords). */
export const choiceLabel = (f: Pick<ChoiceField, 'labels'>, value: string): string =>
  f.labels && Object.hasOwn(f.labels, value) ? f.labels[value] : asWords(value);
/**
 * A choice the server computes on every read (ChoiceField.computed): `computed('Status', { type: 'choice', options:
 * CERTIFICATE_STATUSES, tones: { expired: 'error', … } })`; the binding's `computed.status` hook gives its SQL. A list
 * sorts it in the options' order.
 */
export const computed = <
  const O extends {
    type: 'choice';
    options: readonly string[];
    labels?: Readonly<Record<string, string>>;
    tones?: Readonly<Record<string, ChoiceTone>>;
    help?: string;
  },
>(
  label: string,
  o: O,
) =>
  ({
    type: 'select',
    ...common(label, { readOnly: true, help: o.help }),
    options: o.options,
    ...(o.labels ? { labels: o.labels } : {}),
    ...(o.tones ? { tones: o.tones } : {}),
    computed: true,
  }) as ChoiceField & { computed: true; readOnly: true; required: false; derived: undefined };

/** Whether a field is computed on read (no column, never written). */
export const isComputed = (f: FieldDecl): boolean => 'computed' in f && f.computed === true;

/** An amount: `money('Rent', { currency: 'GBP', min: 0, max: 100000 })`; `min` defaults to 0, `max` to MONEY_MAX
 * (./kinds.ts). */
export const money = <const O extends Opt & { currency: string; min?: number; max?: number }>(label: string, o: O) =>
  ({
    type: 'money',
    ...common(label, o),
    currency: o.currency,
    min: o.min ?? 0,
    max: o.max ?? MONEY_MAX,
  }) as MoneyField & Flags<O>;
/** Several of fixed options: `multiChoice('Amenities', ['Parking', 'Garden', 'Lift'])`; `required`: at least one. */
export const multiChoice = <
  const O extends Omit<Opt, 'derived'> & { default?: readonly string[]; labels?: Readonly<Record<string, string>> } =
    {},
>(
  label: string,
  options: readonly string[],
  o: O = {} as O,
) =>
  ({
    type: 'multichoice',
    ...common(label, o),
    options,
    ...(o.default ? { default: o.default } : {}),
    ...(o.labels ? { labels: o.labels } : {}),
  }) as MultiChoiceField & Flags<O>;
/**
 * A file: `file('Evidence', { types: ['pdf', 'png', 'jpeg', 'webp'], maxMb: 20 })`; `maxMb` defaults to
 * UPLOAD_MB_MAX.
 */
export const file = <
  const O extends Omit<Opt, 'derived' | 'readOnly'> & { types: readonly FileType[]; maxMb?: number },
>(
  label: string,
  o: O,
) => ({ type: 'file', ...common(label, o), types: o.types, maxMb: o.maxMb ?? UPLOAD_MB_MAX }) as FileField & Flags<O>;
/** `onDelete` 'set null' only for an optional reference: the start-up check refuses it on a required one. */
export const ref = <A extends string, const O extends Opt & { onDelete?: OnDelete } = {}>(
  label: string,
  to: string,
  as: A,
  o: O = {} as O,
) =>
  ({ type: 'select', ...common(label, o), ref: { to, as, onDelete: o.onDelete ?? 'restrict' } }) as RefField &
    Flags<O> & { ref: { as: A } };
export const checkbox = (
  label: string,
  o: { default?: boolean; readOnly?: boolean; help?: string; when?: WhenOpt } = {},
) => ({ type: 'checkbox', ...common(label, o), default: o.default ?? false }) as CheckboxField & { required: false };

/** A checkbox list (ManyField): `many('Permissions', { maxItems: 500, maxlength: 100, unknown: 'The permission {value}
 * does not exist.' })`. */
export const many = (label: string, o: ManyField['many'] & { help?: string }) =>
  ({
    type: 'checkbox',
    ...common(label, { help: o.help }),
    many: { maxItems: o.maxItems, maxlength: o.maxlength, unknown: o.unknown },
  }) as ManyField & { required: false };

/** The fields of one form group, in form order: `...group('Unit', { name: text(…), … })`. */
export const group = <F extends Record<string, { group: string }>>(name: string, fields: F): F =>
  Object.fromEntries(Object.entries(fields).map(([key, f]) => [key, { ...f, group: name }])) as F;

const addressLines = () => ({
  address_line_1: text('Address line 1'),
  address_line_2: text('Address line 2'),
  area: text('Area'),
  city: text('City'),
  county: text('County'),
  country: text('Country'),
  postcode: text('Postcode', { maxlength: POSTCODE_MAX }),
});
type AddressLines = ReturnType<typeof addressLines>;
/** The address lines only some resources have. */
type OptionalLine = 'area' | 'country';
type AddressOpt = Partial<Record<OptionalLine, boolean>>;
type Left<O extends AddressOpt> = { [K in OptionalLine]: O[K] extends true ? never : K }[OptionalLine];

/**
 * The 'Address' form group every addressed resource shares (labels, order and limits written once):
 * lines 1 and 2, area, city, county, country, postcode; `area` and `country` only when asked for.
 */
export const addressFields = <const O extends AddressOpt = {}>(o: O = {} as O): Omit<AddressLines, Left<O>> =>
  group(
    'Address',
    Object.fromEntries(
      Object.entries(addressLines()).filter(([key]) => !(key === 'area' || key === 'country') || o[key] === true),
    ) as Omit<AddressLines, Left<O>>,
  );

type Omitted = 'messages' | 'summaries' | 'path';

/** A date field's key (a reminder's `field`: the type checker refuses any other). */
type DateKey<F extends Fields> = { [K in keyof F]: F[K] extends DateField ? K : never }[keyof F] & string;

/**
 * A field that has a column of its own (not a checkbox list), or a computed one (listed, sorted, filtered like one).
 */
type ColumnKey<F extends Fields> = { [K in keyof F]: F[K] extends ManyField ? never : K }[keyof F] & string;
/** A field a body writes: a column's, not a computed one's. */
type WrittenKey<F extends Fields> = {
  [K in keyof F]: F[K] extends ManyField | { computed: true } ? never : K;
}[keyof F] &
  string;
/** The `as` of each reference field. */
type RefKey<F extends Fields> = {
  [K in keyof F]: F[K] extends { ref: { as: infer A extends string } } ? A : never;
}[keyof F];
/** What a list may sort and search by: a field's column or a reference's `as` (the type checker refuses anything else).
 */
export type ListKey<F extends Fields> = ColumnKey<F> | RefKey<F>;
interface ListOf<F extends Fields, C extends string> {
  columns: readonly (ListKey<F> | C)[];
  sort: readonly ListKey<F>[];
  search: readonly ListKey<F>[];
  searchBox?: readonly ListKey<F>[];
  filters?: readonly FilterOf<F>[];
}

/**
 * A resource declaration with the conventional path, messages ("The unit has been created") and
 * summaries filled in. `tenancy` keeps its literal type (the derived table, server/db/declaredTable.ts,
 * has `companyId` only when 'scoped'); list keys are checked against the fields: a misspelt column is
 * a type error naming the keys it may be.
 */
export function declareResource<
  F extends Fields,
  const T extends ResourceDecl['tenancy'],
  const C extends string = never,
  const R extends false | undefined = undefined,
>(
  d: {
    fields: F;
    tenancy: T;
    computed?: readonly C[];
    list: ListOf<NoInfer<F>, NoInfer<C>>;
    trash?: R;
    bulk?: false | { update?: readonly WrittenKey<NoInfer<F>>[] };
    import?: false | { key?: readonly WrittenKey<NoInfer<F>>[] };
    reminders?: RemindersDecl<DateKey<NoInfer<F>>>;
  } & Omit<
    ResourceDecl,
    Omitted | 'fields' | 'tenancy' | 'computed' | 'list' | 'trash' | 'bulk' | 'import' | 'reminders'
  > &
    Partial<Pick<ResourceDecl, Omitted>>,
): ResourceDecl<F> & { tenancy: T; trash?: R } {
  const One = d.noun.one.charAt(0).toUpperCase() + d.noun.one.slice(1);
  return {
    ...d,
    // "An" before a vowel sound; "u" mostly sounds "you" (a unit, a user), so it keeps "a".
    noun: { ...d.noun, article: d.noun.article ?? (/^[aeio]/i.test(d.noun.one) ? 'an' : 'a') },
    path: d.path ?? `/${d.name}`,
    summaries: d.summaries ?? {},
    messages: {
      created: `The ${d.noun.one} has been created`,
      updated: `The ${d.noun.one} has been updated`,
      deleted: `The ${d.noun.one} has been deleted`,
      notFound: `${One} not found.`,
      ...d.messages,
    },
  };
}

/** The i18n catalogue key of a field's label: react-admin's convention, under the SPA's resource name. */
export const catalogueKey = (resource: Pick<ResourceDecl, 'spa'>, field: string) =>
  `resources.${resource.spa}.fields.${field}`;

// Derived types: a record as the API answers it.
type ValueOf<F> = F extends { computed: true }
  ? string
  : F extends FileField
    ? F extends { required: true }
      ? FileValue
      : FileValue | null
    : F extends ManyField | MultiChoiceField
      ? string[]
      : F extends CheckboxField
        ? boolean
        : F extends NumberField
          ? F extends { required: true } | { derived: true }
            ? number
            : number | null
          : F extends { required: true } | { derived: true }
            ? string
            : string | null;
type Nested<F> = F extends { required: true } ? { uuid: string; name: string } : { uuid: string; name: string } | null;
type RefsOf<F extends Fields> = {
  [K in keyof F as F[K] extends { ref: { as: infer A extends string } } ? A : never]: Nested<F[K]>;
};

/** A record of the resource as read (`uuid`, `id`, every field, each reference's nested object). */
export type RecordOf<D extends ResourceDecl> = Flat<
  { uuid: string; id: string } & { [K in keyof D['fields']]: ValueOf<D['fields'][K]> } & RefsOf<D['fields']>
>;
/** An intersection as one object type (what editors show, and what type equality compares). */
export type Flat<T> = { [K in keyof T]: T[K] };
