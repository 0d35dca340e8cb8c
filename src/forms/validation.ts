// Client validation. Each check is a rule with a generic message ("Value is required",
// "Value is not a valid email address", "This field should be at least {min} characters long");
// field types bring their own messages that replace the generic ones (src/i18n/en/forms.ts).
import type { FormField } from '../../contract/forms';
import { MONEY_PATTERN, TEL_MIN_LENGTH } from '../../contract/resources/kinds';
import { moneyText } from '../lists/moneyText';
import { kindOf, type FieldValue } from './fieldModel';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A phone number has at least 10 characters, in the form as on the server (contract/resources/kinds.ts). */
export { TEL_MIN_LENGTH };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Rule = 'required' | 'email' | 'minlength' | 'money' | 'min' | 'max';

/** An amount with at most 2 decimal places (contract/resources/kinds.ts, as the server checks it). */
const MONEY = new RegExp(MONEY_PATTERN);

/** The generic message of each rule (`min`: the least length, or the amount's bound). */
export function genericMessage(rule: Rule, t: Translate, min: number | string = 0): string {
  if (rule === 'required') return t('olympus.forms.validation.required');
  if (rule === 'email') return t('olympus.forms.validation.invalid_email');
  if (rule === 'money') return t('olympus.forms.validation.money');
  if (rule === 'min') return t('olympus.forms.validation.at_least', { min });
  if (rule === 'max') return t('olympus.forms.validation.at_most', { max: min });
  return t('olympus.forms.validation.min_length', { min });
}

/** The field type's own message for a rule, when it has one. */
function typeMessage(field: FormField, rule: Rule, t: Translate): string | undefined {
  switch (field.type) {
    case 'text':
    case 'textarea':
      // "message is the placeholder, default 'Please enter a value for {label or name}'"
      return rule === 'required'
        ? field.placeholder || t('olympus.forms.validation.enter_value', { label: field.label || field.name })
        : undefined;
    case 'email':
      return rule === 'minlength' ? undefined : t('olympus.forms.validation.email');
    case 'tel':
      return t('olympus.forms.validation.tel', { min: TEL_MIN_LENGTH });
  }
  const kind = kindOf(field);
  if (rule === 'required' && (kind === 'select' || kind === 'choice'))
    return t('olympus.forms.validation.choose_option');
  return undefined;
}

const isEmpty = (v: FieldValue | undefined) =>
  v === undefined || v === false || (Array.isArray(v) ? v.length === 0 : typeof v === 'string' && v.trim() === '');

function brokenRule(field: FormField, value: FieldValue | undefined): { rule: Rule; min?: number | string } | null {
  if (isEmpty(value)) return field.required ? { rule: 'required' } : null;
  if (typeof value !== 'string') return null;
  if (field.type === 'money') return brokenAmount(field, value.trim());
  if (field.type === 'email' && !EMAIL.test(value.trim())) return { rule: 'email' };
  const min = field.type === 'tel' ? Math.max(TEL_MIN_LENGTH, field.minlength ?? 0) : field.minlength;
  if (min && value.trim().length < min) return { rule: 'minlength', min };
  return null;
}

/** An amount: at most 2 decimal places, within the field's bounds ("£0.00"). */
function brokenAmount(field: FormField, value: string): { rule: Rule; min?: string } | null {
  if (!MONEY.test(value)) return { rule: 'money' };
  const currency = field.currency ?? 'GBP';
  if (field.min !== undefined && Number(value) < field.min) return { rule: 'min', min: moneyText(field.min, currency) };
  if (field.max !== undefined && Number(value) > field.max) return { rule: 'max', min: moneyText(field.max, currency) };
  return null;
}

/** The message of the first rule the value breaks, or undefined. Disabled fields are not checked. */
export function fieldError(field: FormField, value: FieldValue | undefined, t: Translate): string | undefined {
  if (field.disabled || kindOf(field) === 'unknown') return undefined;
  const broken = brokenRule(field, value);
  if (!broken) return undefined;
  return typeMessage(field, broken.rule, t) ?? genericMessage(broken.rule, t, broken.min);
}

/** On submit: several errors → "The highlighted fields are required."; one → its message and a period. */
export function errorSummary(messages: readonly string[], t: Translate): string | null {
  if (messages.length === 0) return null;
  if (messages.length > 1) return t('olympus.forms.validation.summary_many');
  return t('olympus.forms.validation.summary_one', { message: messages[0].trim().replace(/\.+$/, '') });
}
