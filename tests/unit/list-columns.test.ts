// A list column's text (src/lists/listColumns.ts): the table's cells and the phone cards show the same
// text; numbers are grouped like react-admin's NumberField (1,234) — without starting the browser's
// number formatting for the small whole numbers most lists hold (docs/speed.md).
import { describe, expect, it, vi } from 'vitest';
import { columnText, numberText, type ListColumn } from '../../src/lists/listColumns';

type Unit = { id: string; name: string; bedrooms: number | null; area: number; tags: string[] };
const unit: Unit = { id: 'u', name: 'Flat 1', bedrooms: 2, area: 1234.5, tags: ['a', '', 'b'] };

describe('list column text', () => {
  it('groups numbers as the browser’s locale does, and writes small whole numbers as they are', () => {
    const grouped = new Intl.NumberFormat();
    for (const n of [0, 7, -12, 999, 1000, 12345, 1234.5, -98765.25, 0.5])
      expect(numberText(n), String(n)).toBe(grouped.format(n));
  });

  it('does not start Intl for whole numbers below 1 000', () => {
    // `format` is a getter on the prototype (typed as a method): any formatting by an Intl.NumberFormat reads it.
    const spy = vi.spyOn(Intl.NumberFormat.prototype as unknown as { readonly format: unknown }, 'format', 'get');
    expect([0, 3, 999, -999].map(numberText)).toEqual(['0', '3', '999', '-999']);
    expect(spy).not.toHaveBeenCalled();
    expect(numberText(1000)).toBe(new Intl.NumberFormat().format(1000));
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('formats a numeric column’s numbers, joins lists and leaves out empty values', () => {
    const bedrooms: ListColumn<Unit> = { label: 'Bedrooms', source: 'bedrooms', numeric: true };
    const area: ListColumn<Unit> = { label: 'Area', source: 'area', numeric: true };
    const plainArea: ListColumn<Unit> = { label: 'Area', source: 'area' };
    expect(columnText(bedrooms, unit)).toBe('2');
    expect(columnText(area, unit)).toBe(new Intl.NumberFormat().format(1234.5));
    expect(columnText(plainArea, unit)).toBe('1234.5');
    expect(columnText(bedrooms, { ...unit, bedrooms: null })).toBe('');
    expect(columnText({ label: 'Tags', value: (u: Unit) => u.tags }, unit)).toBe('a, b');
  });
});
