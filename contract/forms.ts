// Server-defined forms: the API answers groups of
// fields; the SPA's renderer in src/forms/ draws them. Both sides import these shapes.
import type { FieldWhen } from './resources/when';
import type { FileValue } from './uploads';

export const FIELD_TYPES = [
  'text',
  'email',
  'password',
  'number',
  'tel',
  'url',
  'select',
  'textarea',
  'radio-group',
  'radio',
  'checkbox',
  'date',
  // An amount: a number input with the `currency` symbol, sent as the decimal text typed.
  'money',
  // A file: an upload button, the file's name and size, a download link and a remove action.
  'file',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FormField {
  name: string;
  label: string;
  /** Usually a FieldType; anything else renders "Sorry, an error occurred with this field…". */
  type: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** value → label */
  options?: Record<string, string>;
  value?: string | number | boolean | string[] | null;
  checked?: boolean;
  multiple?: boolean;
  'label-help'?: string;
  /** Options loaded from another API list, e.g. "companies" → GET /api/v1/companies (uuid → name). */
  'options-from'?: string;
  error?: string;
  min?: number;
  max?: number;
  minlength?: number;
  maxlength?: number;
  /** A money field's ISO 4217 currency (its symbol beside the input). */
  currency?: string;
  /** A file field's accepted types (an `<input type="file" accept>`); its `max` is the largest file in bytes. */
  accept?: string;
  /** A file field's current file (null: none). */
  file?: FileValue | null;
  /**
   * Shown only while the field `when.field` has one of the values `when.is` (contract/resources/when.ts);
   * `required` applies only while shown. A hidden field is not sent: the server clears it.
   */
  when?: FieldWhen;
}

export interface FormFieldGroup {
  group: string;
  group_desc?: string;
  fields: FormField[];
}

/**
 * GET /api/v1/{resource}/create → { data: {}, fields: FormFieldGroup[] }
 * GET /api/v1/{resource}/{id}/edit → { data: record, fields: FormFieldGroup[] } (values prefilled)
 */
export interface FormDefinition<T = Record<string, unknown>> {
  data: T;
  fields: FormFieldGroup[];
}

/** Dates travel as Y-m-d. */
export const DATE_FORMAT = 'YYYY-MM-DD';
/** Shown like "Tue, 5 Mar 2025". */
export const DATE_DISPLAY_FORMAT = 'ddd, D MMM YYYY';
