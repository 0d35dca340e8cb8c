// Validation rules as pure functions over the real English catalogue: each type's message, the generic
// messages, and the submit summary.
import { describe, expect, it } from 'vitest';
import type { FormField } from '../../contract/forms';
import { i18nProvider } from '../../providers/i18nProvider';
import { errorSummary, fieldError, genericMessage, TEL_MIN_LENGTH } from '../../src/forms/validation';

const t = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);
const f = (type: string, extra: Partial<FormField> = {}): FormField => ({
  name: 'field_name',
  label: 'Field Label',
  type,
  ...extra,
});

describe('fieldError', () => {
  it('text and textarea required: the placeholder, else "Please enter a value for {label or name}"', () => {
    expect(fieldError(f('text', { required: true }), '', t)).toBe('Please enter a value for Field Label');
    expect(fieldError(f('textarea', { required: true }), '  ', t)).toBe('Please enter a value for Field Label');
    expect(fieldError(f('text', { required: true, label: '' }), '', t)).toBe('Please enter a value for field_name');
    expect(fieldError(f('text', { required: true, placeholder: 'Your name please' }), '', t)).toBe('Your name please');
    expect(fieldError(f('text', { required: true }), 'x', t)).toBeUndefined();
    expect(fieldError(f('text'), '', t)).toBeUndefined();
  });

  it('email: "A valid email is required"', () => {
    expect(fieldError(f('email', { required: true }), '', t)).toBe('A valid email is required');
    expect(fieldError(f('email'), 'nope', t)).toBe('A valid email is required');
    expect(fieldError(f('email'), 'a@b.co', t)).toBeUndefined();
    expect(fieldError(f('email'), '', t)).toBeUndefined();
  });

  it(`tel: at least ${TEL_MIN_LENGTH} characters`, () => {
    expect(TEL_MIN_LENGTH).toBe(10);
    expect(fieldError(f('tel'), '012345678', t)).toBe('Your phone number should be at least 10 characters long');
    expect(fieldError(f('tel', { required: true }), '', t)).toBe(
      'Your phone number should be at least 10 characters long',
    );
    expect(fieldError(f('tel'), '0123456789', t)).toBeUndefined();
    expect(fieldError(f('tel'), '', t)).toBeUndefined();
  });

  it('dropdown and radio group required: "Please choose an option"', () => {
    expect(fieldError(f('select', { required: true }), '', t)).toBe('Please choose an option');
    expect(fieldError(f('select', { required: true, multiple: true }), [], t)).toBe('Please choose an option');
    expect(fieldError(f('radio-group', { required: true }), '', t)).toBe('Please choose an option');
    expect(fieldError(f('radio', { required: true, options: { a: 'A' } }), '', t)).toBe('Please choose an option');
  });

  it('everything else required: "Value is required"', () => {
    for (const type of ['password', 'number', 'url', 'date', 'radio'])
      expect(fieldError(f(type, { required: true }), '', t)).toBe('Value is required');
    expect(fieldError(f('checkbox', { required: true }), false, t)).toBe('Value is required');
    expect(fieldError(f('checkbox', { required: true, multiple: true }), [], t)).toBe('Value is required');
  });

  it('minlength: "This field should be at least {min} characters long"', () => {
    expect(fieldError(f('password', { minlength: 9 }), 'abc', t)).toBe(
      'This field should be at least 9 characters long',
    );
    expect(fieldError(f('text', { minlength: 2 }), 'ab', t)).toBeUndefined();
  });

  it('skips disabled fields and unknown types', () => {
    expect(fieldError(f('text', { required: true, disabled: true }), '', t)).toBeUndefined();
    expect(fieldError(f('colour', { required: true }), '', t)).toBeUndefined();
  });
});

describe('generic messages', () => {
  it('are the fixed texts', () => {
    expect(genericMessage('required', t)).toBe('Value is required');
    expect(genericMessage('email', t)).toBe('Value is not a valid email address');
    expect(genericMessage('minlength', t, 8)).toBe('This field should be at least 8 characters long');
  });
});

describe('errorSummary', () => {
  it('one error: its message followed by a period; several: "The highlighted fields are required."', () => {
    expect(errorSummary([], t)).toBeNull();
    expect(errorSummary(['Please choose an option'], t)).toBe('Please choose an option.');
    expect(errorSummary(['The name field is required.'], t)).toBe('The name field is required.');
    expect(errorSummary(['a', 'b'], t)).toBe('The highlighted fields are required.');
  });
});
