// One declared filter's input (docs/resources.md "Filters"): a choice's multi-select, a reference's
// select filled from the referenced resource's list (and "None" for an optional one), a checkbox's
// any/yes/no, a text box, two number boxes, two amount boxes with the currency's symbol, or two of the
// forms' date pickers (a lazy chunk, as in forms). The three selects are one FilterSelect given their options as data.
// Texts, numbers
// and amounts are kept here while typed and handed on once they read as a value.
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Checkbox, InputAdornment, ListItemText, MenuItem, TextField } from '@mui/material';
import { useGetList, useResourceContext, useTranslate, type RaRecord } from 'ra-core';
import { DECLARED_RESOURCES } from '../../contract/resources';
import { REF_NONE, type ResolvedFilter } from '../../contract/resources/filters';
import { UNSORTED, WHOLE_LIST } from '../../providers/listQuery';
import type { ListFilterValues } from './useListState';
import { MONEY_PATTERN } from '../../contract/resources/kinds';
import { choiceKey } from '../declared/texts';
import { currencySymbol } from './moneyText';

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
const MONEY = new RegExp(MONEY_PATTERN);

/**
 * A range whose "to" is below its "from": nothing can match, and the server refuses it (422). Said
 * under the "to" box, so the empty list that follows has its reason beside it. Dates compare as their
 * Y-m-d text; numbers and amounts as numbers.
 */
function reversed(
  range: Extract<ResolvedFilter, { kind: 'number' | 'money' | 'date' }>,
  values: ListFilterValues,
): boolean {
  const lower = textOf(values[range.lower]);
  const upper = textOf(values[range.upper]);
  if (lower === '' || upper === '') return false;
  return range.kind === 'date' ? upper < lower : Number(upper) < Number(lower);
}

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
    case 'money':
      return (
        <>
          <RangeEnd {...props} param={filter.lower} end="from" range={filter} />
          <RangeEnd {...props} param={filter.upper} end="to" range={filter} reversed={reversed(filter, props.values)} />
        </>
      );
    case 'date':
      return (
        <>
          <DateEnd {...props} param={filter.lower} end="from" />
          <DateEnd {...props} param={filter.upper} end="to" reversed={reversed(filter, props.values)} />
        </>
      );
  }
}

interface Option {
  value: string;
  /** As shown in the menu (and, chosen, in the box). */
  label: string;
}

type SelectValue =
  /** One value or '' for any: the menu starts with "Any". */
  | { multiple?: false; value: string; onChange: (value: string) => void }
  /** Several values or none for any: each option has a checkbox, the box shows "Any" when none is chosen. */
  | { multiple: true; value: readonly string[]; onChange: (value: string[]) => void };

type SelectProps = SelectValue & {
  label: string;
  wide: boolean;
  options: readonly Option[];
  /** Called as the menu opens (a reference's select asks for its options then). */
  onOpen?: () => void;
};

/**
 * Every select of the bar (a choice's, a reference's, a checkbox's): labelled above its box, "Any" when
 * nothing is chosen, the options given as data.
 */
function FilterSelect(props: SelectProps) {
  const { label, wide, options, onOpen } = props;
  const id = useId();
  const translate = useTranslate();
  const any = translate('olympus.lists.filters.any');
  const chosen: readonly string[] = props.multiple ? props.value : [props.value];
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  return (
    <TextField
      select
      id={id}
      size="small"
      label={label}
      value={props.multiple ? [...props.value] : props.value}
      onChange={(e) => {
        const next: unknown = e.target.value;
        if (props.multiple) props.onChange(typeof next === 'string' ? next.split(',') : (next as string[]));
        else props.onChange(String(next));
      }}
      sx={widthSx(wide)}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: props.multiple === true,
          displayEmpty: true,
          onOpen,
          renderValue: (selected) => {
            const values = (Array.isArray(selected) ? selected : [selected]).map(String).filter((v) => v !== '');
            return values.length ? values.map(labelOf).join(', ') : any;
          },
        },
      }}
    >
      {!props.multiple && <MenuItem value="">{any}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {props.multiple && (
            <Checkbox
              size="small"
              checked={chosen.includes(o.value)}
              sx={{ p: 0, mr: 1 }}
              tabIndex={-1}
              slotProps={{ input: { 'aria-hidden': true } }}
            />
          )}
          {props.multiple ? <ListItemText primary={o.label} /> : o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ChoiceInput({ filter, label, values, set, wide }: InputProps<'choice'>) {
  const translate = useTranslate();
  const spa = useResourceContext() ?? '';
  // An option as the list's cells show it: its declared label ("Power BI"), else the value itself.
  const options = filter.options.map((o) => ({
    value: o,
    label: translate(choiceKey(spa, filter.field, o), { _: o }),
  }));
  const v = values[filter.param];
  const chosen = Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
  return (
    <FilterSelect
      multiple
      label={label}
      wide={wide}
      options={options}
      value={chosen}
      onChange={(next) => set(filter.param, next)}
    />
  );
}

/** The SPA resource whose list fills a reference's select: the declared one with that API name. */
const spaOf = (to: string) => DECLARED_RESOURCES.find((d) => d.name === to)?.spa ?? to;

function RefInput({ filter, label, values, set, wide }: InputProps<'ref'>) {
  const translate = useTranslate();
  const value = textOf(values[filter.param]);
  const none = filter.optional && value === REF_NONE;
  // The referenced resource's whole list (the tenant's records), shared with its own list screen's
  // copy; asked for only once the select is opened or a record is chosen (its name to show), so a list
  // screen does not load another list it may never need.
  const [opened, setOpened] = useState(false);
  const { data } = useGetList<RaRecord & { name?: unknown }>(
    spaOf(filter.to),
    { pagination: WHOLE_LIST, sort: UNSORTED },
    { enabled: opened || (value !== '' && !none) },
  );
  const options = useMemo(() => {
    const records = (data ?? [])
      .map((r) => ({ value: String(r.id), label: typeof r.name === 'string' ? r.name : String(r.id) }))
      .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base', numeric: true }));
    // An optional reference may also be empty: "None" (REF_NONE), after "Any".
    const empty = filter.optional ? [{ value: REF_NONE, label: translate('olympus.lists.filters.none') }] : [];
    // Until the options are in (or for a record no longer listed), the chosen one still shows.
    const known = value === '' || none || records.some((o) => o.value === value);
    return [...empty, ...(known ? [] : [{ value, label: value }]), ...records];
  }, [data, value, none, filter.optional, translate]);
  return (
    <FilterSelect
      label={label}
      wide={wide}
      options={options}
      value={value}
      onChange={(next) => set(filter.param, next)}
      onOpen={() => setOpened(true)}
    />
  );
}

function YesNoInput({ filter, label, values, set, wide }: InputProps<'checkbox'>) {
  const translate = useTranslate();
  const options = [
    { value: 'true', label: translate('olympus.lists.filters.yes') },
    { value: 'false', label: translate('olympus.lists.filters.no') },
  ];
  return (
    <FilterSelect
      label={label}
      wide={wide}
      options={options}
      value={textOf(values[filter.param])}
      onChange={(next) => set(filter.param, next)}
    />
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
  /** Shown in front of the value (a currency's symbol). */
  prefix?: string;
  /** Why the value cannot match, under the box. */
  error?: string;
}

/** A text or number box: what is typed stays here; the address's value replaces it when that changes (cleared, a link).
 */
function TypedInput({ param, label, values, set, wide, accept, type, htmlInput, prefix, error }: TypedProps) {
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
      error={error !== undefined}
      helperText={error}
      onChange={(e) => {
        const text = e.target.value;
        setTyped(text);
        if (text.trim() === '' || accept(text.trim())) set(param, text.trim());
      }}
      sx={widthSx(wide)}
      slotProps={{
        htmlInput,
        input: prefix ? { startAdornment: <InputAdornment position="start">{prefix}</InputAdornment> } : undefined,
      }}
    />
  );
}

type NumberRange = Extract<ResolvedFilter, { kind: 'number' | 'money' }>;

/**
 * What a number range's box and a money range's differ in: which texts are values, the step, and for
 * money the currency's symbol in front, as the forms' money input (the amount goes to the API as
 * typed, at most 2 places).
 */
function boxOf(range: NumberRange): Pick<TypedProps, 'accept' | 'htmlInput' | 'prefix'> {
  if (range.kind === 'money') {
    return {
      accept: (t) => MONEY.test(t),
      prefix: currencySymbol(range.currency),
      htmlInput: { min: range.min, max: range.max, step: '0.01', inputMode: 'decimal' },
    };
  }
  return {
    accept: (t) => NUMBER.test(t) && (!range.integer || Number.isInteger(Number(t))),
    htmlInput: {
      min: range.min,
      max: range.max,
      step: range.integer ? 1 : 'any',
      inputMode: range.integer ? 'numeric' : 'decimal',
    },
  };
}

/** One end of a number or money range: a number box. */
function RangeEnd({
  param,
  end,
  range,
  label,
  values,
  set,
  wide,
  reversed,
}: Omit<InputProps<NumberRange['kind']>, 'filter'> & {
  param: string;
  end: 'from' | 'to';
  range: NumberRange;
  reversed?: boolean;
}) {
  const translate = useTranslate();
  const error = reversed ? translate('olympus.lists.filters.reversed', { field: label }) : undefined;
  return (
    <TypedInput
      param={param}
      label={translate(`olympus.lists.filters.${end}`, { field: label })}
      values={values}
      set={set}
      wide={wide}
      type="number"
      error={error}
      {...boxOf(range)}
    />
  );
}

function DateEnd({
  param,
  end,
  label,
  values,
  set,
  wide,
  reversed,
}: Omit<InputProps<'date'>, 'filter'> & { param: string; end: 'from' | 'to'; reversed?: boolean }) {
  const id = useId();
  const translate = useTranslate();
  const text = translate(`olympus.lists.filters.${end}`, { field: label });
  return (
    <Suspense
      fallback={
        <TextField label={text} size="small" disabled sx={widthSx(wide)} slotProps={{ inputLabel: { shrink: true } }} />
      }
    >
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
          error={reversed === true}
          helperText={reversed ? translate('olympus.lists.filters.reversed_date', { field: label }) : undefined}
          size="small"
        />
      </div>
    </Suspense>
  );
}
