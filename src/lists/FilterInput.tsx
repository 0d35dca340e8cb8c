// One declared filter's input (docs/resources.md "Filters"): a choice's multi-select, a reference's
// select filled from the referenced resource's list, a checkbox's any/yes/no, a text box, two number
// boxes or two of the forms' date pickers (a lazy chunk, as in forms). Texts and numbers are kept
// here while typed and handed on once they read as a value.
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Checkbox, ListItemText, MenuItem, TextField } from '@mui/material';
import { useGetList, useResourceContext, useTranslate, type RaRecord } from 'ra-core';
import { DECLARED_RESOURCES } from '../../contract/resources';
import type { ResolvedFilter } from '../../contract/resources/filters';
import { UNSORTED, WHOLE_LIST } from '../../providers/listQuery';
import type { ListFilterValues } from './useListState';
import { choiceKey } from '../resources/texts';

const DatePickerInput = lazy(() => import('../forms/fields/DatePickerInput'));

/** Sets one filter parameter; '' or [] clears it. */
export type FilterSetter = (param: string, value: string | readonly string[]) => void;

interface InputProps<F extends ResolvedFilter['kind']> {
  filter: Extract<ResolvedFilter, { kind: F }>;
  /** The field's label, translated. */
  label: string;
  values: ListFilterValues;
  set: FilterSetter;
  /** Full width (the phone's drawer); else a fixed width in the bar. */
  wide: boolean;
}

const WIDTH = 190;
const widthSx = (wide: boolean) => (wide ? { width: '100%' } : { width: WIDTH });
const textOf = (v: string | readonly string[] | undefined) => (typeof v === 'string' ? v : '');
const NUMBER = /^-?\d+(\.\d+)?$/;

export function FilterInput(props: InputProps<ResolvedFilter['kind']>) {
  const { filter } = props;
  switch (filter.kind) {
    case 'choice':
      return <ChoiceInput {...props} filter={filter} />;
    case 'ref':
      return <RefInput {...props} filter={filter} />;
    case 'checkbox':
      return <YesNoInput {...props} filter={filter} />;
    case 'text':
      return <TypedInput {...props} param={filter.param} label={props.label} accept={() => true} />;
    case 'number':
      return (
        <>
          <RangeEnd {...props} param={filter.lower} end="from" number={filter} />
          <RangeEnd {...props} param={filter.upper} end="to" number={filter} />
        </>
      );
    case 'date':
      return (
        <>
          <DateEnd {...props} param={filter.lower} end="from" />
          <DateEnd {...props} param={filter.upper} end="to" />
        </>
      );
  }
}

/** Select props that show "Any" when nothing is chosen, its label kept above it. */
function useAny() {
  const translate = useTranslate();
  return translate('olympus.lists.filters.any');
}

function ChoiceInput({ filter, label, values, set, wide }: InputProps<'choice'>) {
  const id = useId();
  const any = useAny();
  const translate = useTranslate();
  const spa = useResourceContext() ?? '';
  // An option as the list's cells show it: its declared label ("Power BI"), else the value itself.
  const shown = (o: string) => translate(choiceKey(spa, filter.field, o), { _: o });
  const v = values[filter.param];
  const chosen = Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
  return (
    <TextField
      select
      id={id}
      size="small"
      label={label}
      value={chosen}
      onChange={(e) => {
        const next: unknown = e.target.value;
        set(filter.param, typeof next === 'string' ? next.split(',') : (next as string[]));
      }}
      sx={widthSx(wide)}
      slotProps={{
        inputLabel: { shrink: true },
        select: { multiple: true, displayEmpty: true, renderValue: (selected) => ((selected as string[]).length ? (selected as string[]).map(shown).join(', ') : any) },
      }}
    >
      {filter.options.map((o) => (
        <MenuItem key={o} value={o}>
          <Checkbox size="small" checked={chosen.includes(o)} sx={{ p: 0, mr: 1 }} tabIndex={-1} slotProps={{ input: { 'aria-hidden': true } }} />
          <ListItemText primary={shown(o)} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The SPA resource whose list fills a reference's select: the declared one with that API name. */
const spaOf = (to: string) => DECLARED_RESOURCES.find((d) => d.name === to)?.spa ?? to;

function RefInput({ filter, label, values, set, wide }: InputProps<'ref'>) {
  const id = useId();
  const any = useAny();
  const value = textOf(values[filter.param]);
  // The referenced resource's whole list (the tenant's records), shared with its own list screen's
  // copy; asked for only once the select is opened or a record is chosen (its name to show), so a list
  // screen does not load another list it may never need.
  const [opened, setOpened] = useState(false);
  const { data } = useGetList<RaRecord & { name?: unknown }>(spaOf(filter.to), { pagination: WHOLE_LIST, sort: UNSORTED }, { enabled: opened || value !== '' });
  const options = useMemo(
    () =>
      (data ?? [])
        .map((r) => ({ id: String(r.id), name: typeof r.name === 'string' ? r.name : String(r.id) }))
        .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true })),
    [data],
  );
  // Until the options are in (or for a record no longer listed), the chosen one still shows.
  const known = value === '' || options.some((o) => o.id === value);
  return (
    <TextField
      select
      id={id}
      size="small"
      label={label}
      value={value}
      onChange={(e) => set(filter.param, e.target.value)}
      sx={widthSx(wide)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true, onOpen: () => setOpened(true) } }}
    >
      <MenuItem value="">{any}</MenuItem>
      {!known && <MenuItem value={value}>{value}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function YesNoInput({ filter, label, values, set, wide }: InputProps<'checkbox'>) {
  const id = useId();
  const translate = useTranslate();
  return (
    <TextField
      select
      id={id}
      size="small"
      label={label}
      value={textOf(values[filter.param])}
      onChange={(e) => set(filter.param, e.target.value)}
      sx={widthSx(wide)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{translate('olympus.lists.filters.any')}</MenuItem>
      <MenuItem value="true">{translate('olympus.lists.filters.yes')}</MenuItem>
      <MenuItem value="false">{translate('olympus.lists.filters.no')}</MenuItem>
    </TextField>
  );
}

interface TypedProps {
  param: string;
  label: string;
  values: ListFilterValues;
  set: FilterSetter;
  wide: boolean;
  /** Whether a typed text is a value to hand on (blank always is: it clears). */
  accept: (text: string) => boolean;
  type?: 'number';
  htmlInput?: Record<string, unknown>;
}

/** A text or number box: what is typed stays here; the address's value replaces it when that changes (cleared, a link). */
function TypedInput({ param, label, values, set, wide, accept, type, htmlInput }: TypedProps) {
  const id = useId();
  const value = textOf(values[param]);
  const [typed, setTyped] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setTyped(value);
  }
  return (
    <TextField
      id={id}
      size="small"
      type={type}
      label={label}
      value={typed}
      onChange={(e) => {
        const text = e.target.value;
        setTyped(text);
        if (text.trim() === '' || accept(text.trim())) set(param, text.trim());
      }}
      sx={widthSx(wide)}
      slotProps={{ htmlInput }}
    />
  );
}

function RangeEnd({ param, end, number, label, values, set, wide }: Omit<InputProps<'number'>, 'filter'> & { param: string; end: 'from' | 'to'; number: Extract<ResolvedFilter, { kind: 'number' }> }) {
  const translate = useTranslate();
  return (
    <TypedInput
      param={param}
      label={translate(`olympus.lists.filters.${end}`, { field: label })}
      values={values}
      set={set}
      wide={wide}
      type="number"
      accept={(t) => NUMBER.test(t) && (!number.integer || Number.isInteger(Number(t)))}
      htmlInput={{ min: number.min, max: number.max, step: number.integer ? 1 : 'any', inputMode: number.integer ? 'numeric' : 'decimal' }}
    />
  );
}

function DateEnd({ param, end, label, values, set, wide }: Omit<InputProps<'date'>, 'filter'> & { param: string; end: 'from' | 'to' }) {
  const id = useId();
  const translate = useTranslate();
  const text = translate(`olympus.lists.filters.${end}`, { field: label });
  return (
    <Suspense fallback={<TextField label={text} size="small" disabled sx={widthSx(wide)} />}>
      <div style={wide ? { width: '100%' } : { width: WIDTH }}>
        <DatePickerInput
          id={id}
          name={param}
          label={text}
          value={textOf(values[param])}
          onChange={(v) => set(param, v)}
          onBlur={() => {}}
          inputRef={null}
          required={false}
          disabled={false}
          error={false}
        />
      </div>
    </Suspense>
  );
}
