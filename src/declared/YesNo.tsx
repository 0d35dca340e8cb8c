// A checkbox field's cell: "Yes" or "No" (react-admin's catalogue texts), never "true"; the CSV keeps the boolean.
import { useTranslate } from 'ra-core';

export function YesNo({ value }: { value: unknown }) {
  const translate = useTranslate();
  return typeof value === 'boolean' ? <>{translate(value ? 'ra.boolean.true' : 'ra.boolean.false')}</> : null;
}
