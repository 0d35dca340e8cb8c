// contract/compliance.ts: an expiry a month end keeps in range (as PostgreSQL's date + interval does), and each
// type's default expiry from its declared validity.
import { describe, expect, it } from 'vitest';
import { addMonths, CERTIFICATE_TYPE_KEYS, CERTIFICATE_TYPES, defaultExpiry } from '../../contract/compliance';

describe('addMonths', () => {
  it('keeps a month end in range: 29 Feb + 12 months is 28 Feb, 31 Jan + 1 month the last of February', () => {
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-03-15', -12)).toBe('2024-03-15');
    expect(addMonths('2025-11-30', 2)).toBe('2026-01-30');
  });
});

describe('defaultExpiry', () => {
  for (const type of CERTIFICATE_TYPE_KEYS)
    it(`is the issue date plus ${CERTIFICATE_TYPES[type].months} months for a ${type}`, () => {
      const months = CERTIFICATE_TYPES[type].months;
      const year = 2025 + Math.floor((5 + months) / 12);
      const month = ((5 + months) % 12) + 1;
      expect(defaultExpiry(type, '2025-06-10')).toBe(`${year}-${String(month).padStart(2, '0')}-10`);
    });
});
