// How a history value reads (docs/resources.md "History"): references and options by name, Yes/No,
// dates and amounts as the lists show them, "(empty)" for nothing; a reference whose record is gone
// as "(removed)".
import type { TranslateFunction } from 'ra-core';
import type { HistoryChange } from '../../contract/history';
import { dateText } from '../lists/dateText';
import { moneyText } from '../lists/moneyText';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function one(change: HistoryChange, value: unknown, translate: TranslateFunction): string {
  if (value === null || value === undefined || value === '') return translate('olympus.history.empty_value');
  if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  if (typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string')
    return (value as { name: string }).name;
  if (typeof value !== 'string') return typeof value === 'number' ? String(value) : JSON.stringify(value);
  const named = change.names?.[value];
  if (named !== undefined) return named;
  if (change.type === 'date') return dateText(value);
  if (change.type === 'money' && change.currency) return moneyText(value, change.currency);
  return UUID.test(value) ? translate('olympus.history.unknown_record') : value;
}

export function valueText(change: HistoryChange, value: unknown, translate: TranslateFunction): string {
  if (Array.isArray(value))
    return value.length === 0
      ? translate('olympus.history.empty_value')
      : value.map((v) => one(change, v, translate)).join(', ');
  return one(change, value, translate);
}
