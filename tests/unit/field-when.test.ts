// Conditional fields (contract/resources/when.ts): the one rule the server and the form both apply, and
// the form's use of it (src/forms/fieldModel.ts): what is shown, what is sent.
import { describe, expect, it } from 'vitest';
import type { FormField, FormFieldGroup } from '../../contract/forms';
import { shown, whenOf, whenText, type FieldWhen } from '../../contract/resources/when';
import { bodyOf, conditionKeys, isShown } from '../../src/forms/fieldModel';

const conditions: Record<string, FieldWhen> = {
  listing_id: { field: 'portal', is: ['Rightmove'] },
  listing_url: { field: 'portal', is: ['Rightmove', 'Zoopla'] },
  featured_until: { field: 'listing_url', is: ['https://x.example'] },
  pet_deposit: { field: 'pets', is: [true] },
  loop_a: { field: 'loop_b', is: ['x'] },
  loop_b: { field: 'loop_a', is: ['x'] },
};
const holds = (name: string, values: Record<string, unknown>) =>
  shown(
    name,
    (n) => conditions[n],
    (n) => values[n],
  );

describe('shown', () => {
  it('holds while the controlling field has one of the values, compared as text', () => {
    expect(holds('listing_id', { portal: 'Rightmove' })).toBe(true);
    expect(holds('listing_id', { portal: 'Zoopla' })).toBe(false);
    expect(holds('listing_url', { portal: 'Zoopla' })).toBe(true);
    for (const none of [null, undefined, '']) expect(holds('listing_url', { portal: none })).toBe(false);
    expect(holds('pet_deposit', { pets: true })).toBe(true);
    expect(holds('pet_deposit', { pets: 'true' })).toBe(true);
    expect(holds('pet_deposit', { pets: false })).toBe(false);
    expect(holds('name', {})).toBe(true);
  });

  it('follows a chain (a field under a hidden one is hidden), never loops, and reads a list by any of its values', () => {
    expect(holds('featured_until', { portal: 'Zoopla', listing_url: 'https://x.example' })).toBe(true);
    expect(holds('featured_until', { portal: 'None', listing_url: 'https://x.example' })).toBe(false);
    expect(holds('loop_a', { loop_a: 'x', loop_b: 'x' })).toBe(false);
    expect(
      shown(
        'a',
        (n) => (n === 'a' ? { field: 'tags', is: ['Lift'] } : undefined),
        () => ['Parking', 'Lift'],
      ),
    ).toBe(true);
  });

  it('is declared with one value or several, and said in words', () => {
    expect(whenOf({ field: 'portal', is: 'Rightmove' })).toEqual({ field: 'portal', is: ['Rightmove'] });
    expect(whenText({ field: 'portal', is: ['Rightmove', 'Zoopla', 'OnTheMarket'] }, 'portal')).toBe(
      'portal is Rightmove, Zoopla or OnTheMarket',
    );
  });
});

describe('the form', () => {
  const fields: FormField[] = [
    { name: 'portal', label: 'Portal', type: 'select', options: { Rightmove: 'Rightmove', None: 'None' } },
    {
      name: 'listing_id',
      label: 'Listing id',
      type: 'text',
      required: true,
      when: { field: 'portal', is: ['Rightmove'] },
    },
    { name: 'rent', label: 'Rent', type: 'money', currency: 'GBP' },
  ];
  const groups: FormFieldGroup[] = [{ group: 'Letting', fields }];

  it('knows what a conditional field watches and whether it is shown', () => {
    expect(conditionKeys(fields[1], fields)).toEqual(['portal']);
    expect(isShown(fields[1], fields, { portal: 'Rightmove' })).toBe(true);
    expect(isShown(fields[1], fields, { portal: 'None' })).toBe(false);
  });

  it('sends an amount as the text typed (null when blank) and leaves a hidden field out', () => {
    expect(bodyOf(groups, { portal: 'None', listing_id: 'RM-1', rent: ' 1250.5 ' })).toEqual({
      portal: 'None',
      rent: '1250.5',
    });
    expect(bodyOf(groups, { portal: 'Rightmove', listing_id: 'RM-1', rent: '' })).toEqual({
      portal: 'Rightmove',
      listing_id: 'RM-1',
      rent: null,
    });
  });
});
