// The renderer's pure parts: field kinds, form keys, starting values, request bodies, the wildcard
// toggle, the form state machine and save outcomes.
import { describe, expect, it } from 'vitest';
import type { FormField, FormFieldGroup } from '../../contract/forms';
import {
  bodyOf,
  fieldKey,
  initialValues,
  kindOf,
  optionsSource,
  staticOptions,
  toggleValue,
} from '../../src/forms/fieldModel';
import { isLocked, nextPhase, READY, type FormPhase } from '../../src/forms/formPhase';
import { failureOf, firstFieldMessages, outcomeOf, successText } from '../../src/forms/saveOutcome';

const f = (type: string, extra: Partial<FormField> = {}): FormField => ({ name: 'x', label: 'X', type, ...extra });
const one = (...fields: FormField[]): FormFieldGroup[] => [{ group: 'G', fields }];

describe('kindOf', () => {
  it('maps every field type to its input, and anything else to unknown', () => {
    expect(['text', 'email', 'password', 'number', 'tel', 'url'].map((t) => kindOf(f(t)))).toEqual(
      Array(6).fill('input'),
    );
    expect(kindOf(f('textarea'))).toBe('textarea');
    expect(kindOf(f('select'))).toBe('select');
    expect(kindOf(f('radio-group'))).toBe('choice');
    expect(kindOf(f('radio', { options: { a: 'A' } }))).toBe('choice');
    expect(kindOf(f('radio'))).toBe('radio');
    expect(kindOf(f('checkbox'))).toBe('checkbox');
    expect(kindOf(f('checkbox', { multiple: true }))).toBe('checkboxes');
    expect(kindOf(f('checkbox', { 'options-from': 'companies' }))).toBe('checkboxes');
    expect(kindOf(f('date'))).toBe('date');
    expect(kindOf(f('colour'))).toBe('unknown');
  });
});

describe('fieldKey', () => {
  it('keeps plain names and escapes what react-hook-form reads as paths', () => {
    expect(fieldKey('address_line_1')).toBe('address_line_1');
    expect(fieldKey('api.key')).toBe('api%2ekey');
    expect(fieldKey('a[0]')).toBe('a%5b0%5d');
    expect(fieldKey('100%')).toBe('100%25');
    expect(fieldKey('api.key')).not.toBe(fieldKey('api%2ekey'));
  });
});

describe('options', () => {
  it('keeps the server order of inline options', () => {
    expect(staticOptions(f('select', { options: { b: 'Bee', a: 'Ay' } }))).toEqual([
      { value: 'b', label: 'Bee' },
      { value: 'a', label: 'Ay' },
    ]);
  });
  it('reads options-from only when the field has no options of its own', () => {
    expect(optionsSource(f('select', { 'options-from': 'companies' }))).toBe('companies');
    expect(optionsSource(f('select', { 'options-from': 'companies', options: {} }))).toBe('companies');
    expect(optionsSource(f('select', { 'options-from': 'companies', options: { c: 'C' } }))).toBeUndefined();
  });
});

describe('initialValues', () => {
  it('takes the field value, else the record value, in the form each input holds', () => {
    const groups = one(
      { name: 'name', label: 'Name', type: 'text', value: 'From field' },
      { name: 'city', label: 'City', type: 'text' },
      { name: 'bedrooms', label: 'Bedrooms', type: 'number', value: 3 },
      { name: 'empty', label: 'Empty', type: 'text', value: null },
      { name: 'furnished', label: 'Furnished', type: 'checkbox' },
      { name: 'bypass', label: 'Bypass', type: 'checkbox', checked: true, value: false },
      { name: 'companies', label: 'Companies', type: 'checkbox', multiple: true },
      { name: 'from', label: 'From', type: 'date' },
      { name: 'tags', label: 'Tags', type: 'select', multiple: true, value: ['a'] },
      { name: 'odd', label: 'Odd', type: 'colour', value: 'red' },
    );
    const data = {
      city: 'Leeds',
      furnished: true,
      companies: [
        { uuid: 'c-1', name: 'A' },
        { uuid: 'c-2', name: 'B' },
      ],
      from: '2025-03-05T00:00:00Z',
    };
    expect(initialValues(groups, data)).toEqual({
      name: 'From field',
      city: 'Leeds',
      bedrooms: '3',
      empty: '',
      furnished: true,
      bypass: true,
      companies: ['c-1', 'c-2'],
      from: '2025-03-05',
      tags: ['a'],
    });
  });

  it('shares one list between checkbox lists of the same name (role create groups)', () => {
    const groups: FormFieldGroup[] = [
      {
        group: 'Users',
        fields: [
          {
            name: 'permissions',
            label: 'Users',
            type: 'checkbox',
            multiple: true,
            options: { 'users.view': 'View' },
            value: ['users.view'],
          },
        ],
      },
      {
        group: 'Roles',
        fields: [
          {
            name: 'permissions',
            label: 'Roles',
            type: 'checkbox',
            multiple: true,
            options: { 'roles.view': 'View' },
            value: ['roles.view'],
          },
        ],
      },
    ];
    expect(initialValues(groups)).toEqual({ permissions: ['users.view', 'roles.view'] });
  });

  it('gives lone radios of one name the value of the checked one', () => {
    const groups = one(
      { name: 'size', label: 'S', type: 'radio', value: 'S' },
      { name: 'size', label: 'L', type: 'radio', value: 'L', checked: true },
    );
    expect(initialValues(groups)).toEqual({ size: 'L' });
    expect(initialValues(one({ name: 'size', label: 'S', type: 'radio', value: 'S' }), { size: 'M' })).toEqual({
      size: 'M',
    });
  });
});

describe('bodyOf', () => {
  it('sends numbers as numbers, empty numbers and dates as null, skips unknown types', () => {
    const groups = one(
      { name: 'bedrooms', label: 'B', type: 'number' },
      { name: 'latitude', label: 'L', type: 'number' },
      { name: 'from', label: 'F', type: 'date' },
      { name: 'to', label: 'T', type: 'date' },
      { name: 'odd', label: 'O', type: 'colour' },
      { name: 'api.key', label: 'K', type: 'text' },
    );
    expect(bodyOf(groups, { bedrooms: '2', latitude: '', from: '', to: '2025-03-05', 'api%2ekey': 'k' })).toEqual({
      bedrooms: 2,
      latitude: null,
      from: null,
      to: '2025-03-05',
      'api.key': 'k',
    });
  });
});

describe('toggleValue', () => {
  const all = ['users.*', 'users.view', 'users.create', 'roles.view'];
  it('ticks and clears one value, keeping the options order', () => {
    expect(toggleValue(['roles.view'], 'users.view', true, all)).toEqual(['users.view', 'roles.view']);
    expect(toggleValue(['users.view', 'roles.view'], 'users.view', false, all)).toEqual(['roles.view']);
  });
  it('a wildcard carries every value of its prefix', () => {
    expect(toggleValue(['roles.view'], 'users.*', true, all)).toEqual([
      'users.*',
      'users.view',
      'users.create',
      'roles.view',
    ]);
    expect(toggleValue(['users.*', 'users.view', 'roles.view'], 'users.*', false, all)).toEqual(['roles.view']);
  });
  it('keeps values that are not among the options (other groups)', () => {
    expect(toggleValue(['reports.access'], 'users.view', true, all)).toEqual(['users.view', 'reports.access']);
  });
});

describe('form phases', () => {
  it('ready → submitting → success, or back to ready with the error', () => {
    let p: FormPhase = READY;
    p = nextPhase(p, { type: 'submit' });
    expect(p).toEqual({ kind: 'submitting' });
    expect(isLocked(p)).toBe(true);
    expect(nextPhase(p, { type: 'submit' })).toBe(p);
    expect(nextPhase(p, { type: 'failed', error: 'Could not update the unit' })).toEqual({
      kind: 'ready',
      error: 'Could not update the unit',
    });
    p = nextPhase(p, { type: 'saved', message: 'Saved' });
    expect(p).toEqual({ kind: 'success', message: 'Saved' });
    expect(isLocked(p)).toBe(true);
    expect(nextPhase(p, { type: 'submit' })).toBe(p);
  });
  it('a refused submit stays ready with the summary; loading ignores form events', () => {
    expect(nextPhase(READY, { type: 'rejected', error: 'The highlighted fields are required.' })).toEqual({
      kind: 'ready',
      error: 'The highlighted fields are required.',
    });
    expect(nextPhase({ kind: 'loading' }, { type: 'submit' })).toEqual({ kind: 'loading' });
    expect(isLocked({ kind: 'loading' })).toBe(true);
  });
});

describe('save outcomes', () => {
  const texts = { failed: 'Could not update the company', noAnswer: 'There was an error' };
  it('reads data.message without its trailing period', () => {
    expect(successText({ message: 'The company has been updated.' })).toBe('The company has been updated');
    expect(successText({})).toBeNull();
  });
  it('takes the first message per field', () => {
    expect(firstFieldMessages({ name: ['a', 'b'], email: 'c', n: 1 })).toEqual({ name: 'a', email: 'c' });
  });
  it('turns a dataProvider error into the resource line and field errors', () => {
    expect(failureOf({ status: 422, body: { errors: { name: 'Required' } } }, texts)).toEqual({
      ok: false,
      error: 'Could not update the company',
      fieldErrors: { name: 'Required' },
    });
    expect(failureOf({ status: 0, body: null }, texts)).toEqual({
      ok: false,
      error: 'There was an error',
      fieldErrors: {},
    });
    expect(failureOf(new Error('boom'), texts)).toEqual({ ok: false, error: 'There was an error', fieldErrors: {} });
  });
  it('reads a direct answer by the API convention (a top-level message is a failure)', () => {
    expect(outcomeOf({ status: 200, data: { message: 'Saved' } }, texts)).toEqual({ ok: true, message: 'Saved' });
    expect(outcomeOf({ status: 422, message: 'Invalid', errors: { api_url: ['Bad URL'] } }, texts)).toEqual({
      ok: false,
      error: texts.failed,
      fieldErrors: { api_url: 'Bad URL' },
    });
    expect(outcomeOf(undefined, texts)).toEqual({ ok: false, error: 'There was an error', fieldErrors: {} });
  });
});
