// The MUI X date picker for date fields: stores Y-m-d, shows "Tue, 5 Mar 2025" (contract/forms.ts
// formats). Picker default: a new value starts at 12:00. The minute step of 5 belongs to
// pickers with a time part; a date-only picker has no clock to step, so it has nothing to set here.
import { useMemo, useState, type Ref } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { pickersInputBaseClasses } from '@mui/x-date-pickers/PickersTextField';
import { DATE_DISPLAY_FORMAT, DATE_FORMAT } from '../../../contract/forms';

export interface DatePickerInputProps {
  id: string;
  name: string;
  label: string;
  /** Y-m-d, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  required: boolean;
  disabled: boolean;
  error: boolean;
  helperText?: string;
  /**
   * 'small', the label above the box: a list's filter bar, whose boxes are narrow; a label inside the
   * box would run under the calendar button and be cut ("Insured until fr…").
   */
  size?: 'small';
}

const EMPTY_SECTIONS = `& .${pickersInputBaseClasses.root}:not(.${pickersInputBaseClasses.focused}) .${pickersInputBaseClasses.sectionsContainer}`;

const parse = (value: string): Dayjs | null => {
  if (!value) return null;
  const d = dayjs(value); // Y-m-d is ISO 8601: dayjs reads it as a local date
  return d.isValid() ? d : null;
};
const ymd = (d: Dayjs | null) => (d && d.isValid() ? d.format(DATE_FORMAT) : '');

export default function DatePickerInput({
  id,
  name,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  required,
  disabled,
  error,
  helperText,
  size,
}: DatePickerInputProps) {
  // The picker keeps its own (possibly half-typed) value; the form only hears complete dates.
  const [local, setLocal] = useState<Dayjs | null>(() => parse(value));
  if (ymd(local) !== value) setLocal(parse(value)); // the form changed it (reset, prefill)
  const referenceDate = useMemo(() => dayjs().hour(12).minute(0).second(0).millisecond(0), []);

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DatePicker
        label={label}
        value={local}
        onChange={(next) => {
          setLocal(next);
          onChange(ymd(next));
        }}
        format={DATE_DISPLAY_FORMAT}
        referenceDate={referenceDate}
        disabled={disabled}
        inputRef={inputRef}
        name={name}
        slotProps={{
          // "5 Mar", not "05 Mar": the format's D has no leading zero and the field must keep it so.
          field: { shouldRespectLeadingZeros: true },
          textField: {
            id,
            required,
            error,
            helperText,
            fullWidth: true,
            onBlur,
            ...(size && {
              size,
              slotProps: { inputLabel: { shrink: true } },
              // Empty and not being typed in: no "EEEE, DD MMMM" placeholder under the label, as a label
              // inside the box would have it.
              sx: value ? undefined : { [EMPTY_SECTIONS]: { opacity: 0 } },
            }),
          },
        }}
      />
    </LocalizationProvider>
  );
}
