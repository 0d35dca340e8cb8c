// A choice's value as the lists show it: its catalogue label (`resources.{spa}.choices.{field}.{value}`,
// from the declaration's `labels`: src/declared/texts.ts), the value itself when it has none.
import { useTranslate } from 'ra-core';
import { choiceKey } from './texts';

export function ChoiceText({ spa, field, value }: { spa: string; field: string; value: unknown }) {
  const translate = useTranslate();
  if (typeof value !== 'string' || value === '') return null;
  return <>{translate(choiceKey(spa, field, value), { _: value })}</>;
}
