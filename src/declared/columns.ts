// A declared resource's list columns (docs/resources.md): `list.columns` as ListColumn data — a field
// shows itself (numbers right-aligned, dates like "Tue, 5 Mar 2025", money like "£1,250.00", a
// multi-choice its options joined), a reference or a computed
// `{ uuid, name }` object its name; a column sorts when `list.sort` names it. The card's title is
// the first column (cardTitleOf).
import { createElement } from 'react';
import type { RaRecord } from 'ra-core';
import type { ResourceDecl } from '../../contract/resources/declare';
import { dateText } from '../lists/dateText';
import { moneyText } from '../lists/moneyText';
import type { CellValue, ListColumn } from '../lists/listColumns';
import { ChoiceText } from './ChoiceText';
import { ChoiceChip } from './ChoiceChip';
import { YesNo } from './YesNo';
import { FileCell, fileName } from './FileCell';
import { fieldKey } from './texts';

/** A cell's plain value: text, number or boolean as is; a nested record by its name. */
function cell(v: unknown): CellValue {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v && typeof v === 'object' && 'name' in v && typeof v.name === 'string') return v.name;
  return undefined;
}

export function declaredColumns(d: ResourceDecl): ListColumn<RaRecord>[] {
  return d.list.columns.map((key) => {
    const field = Object.hasOwn(d.fields, key) ? d.fields[key] : undefined;
    const column: ListColumn<RaRecord> = {
      label: fieldKey(d.spa, key),
      source: key,
      sortable: d.list.sort.includes(key),
    };
    if (field?.type === 'number') return { ...column, numeric: true };
    // "£1,250.00", right-aligned; the CSV keeps the decimal string.
    if (field?.type === 'money')
      return { ...column, numeric: true, render: (r: RaRecord) => moneyText(r[key], field.currency) };
    // The chosen options joined ("Parking, Lift"); the CSV joins them too.
    if (field?.type === 'multichoice')
      return { ...column, value: (r: RaRecord) => (Array.isArray(r[key]) ? (r[key] as string[]) : []) };
    // A paper clip when there is a file; the CSV keeps its name.
    if (field?.type === 'file')
      return {
        ...column,
        value: (r: RaRecord) => fileName(r[key]) ?? undefined,
        render: (r: RaRecord) => createElement(FileCell, { value: r[key] }),
      };
    // "Yes" or "No"; the CSV keeps true or false.
    if (field?.type === 'checkbox' && !('many' in field))
      return { ...column, render: (r: RaRecord) => createElement(YesNo, { value: r[key] }) };
    // Shown as people read a date; the CSV keeps the Y-m-d value.
    if (field?.type === 'date') return { ...column, render: (r: RaRecord) => dateText(r[key]) };
    // A choice with tones shows as a chip of its tone with its label (never the colour alone); the CSV keeps the value.
    if (field && 'options' in field && field.type === 'select' && field.tones) {
      const tones = field.tones;
      return {
        ...column,
        render: (r: RaRecord) =>
          createElement(ChoiceChip, {
            spa: d.spa,
            field: key,
            value: r[key],
            tone: typeof r[key] === 'string' ? tones[r[key]] : undefined,
          }),
      };
    }
    // A choice with declared labels shows its label ("Power BI"); the CSV keeps the value.
    if (field && 'options' in field && field.type === 'select' && field.labels)
      return {
        ...column,
        render: (r: RaRecord) => createElement(ChoiceText, { spa: d.spa, field: key, value: r[key] }),
      };
    // A plain field shows itself the react-admin way; anything else (a reference's nested object) by value.
    return field ? column : { ...column, value: (r: RaRecord) => cell(r[key]) };
  });
}
