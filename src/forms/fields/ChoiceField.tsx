// radio-group (and a radio field with options): one of several values. radio-group stacks its
// options under a legend; a radio with options lays them out in a row.
import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { labelOf, useFormField } from '../useFormField';
import type { FieldProps } from './fieldProps';

export function ChoiceField({ field, name, id, options }: FieldProps) {
  const { input, error, helperText } = useFormField(field, name);
  const labelId = `${id}-label`;
  return (
    <FormControl component="fieldset" error={!!error} disabled={!!field.disabled} required={!!field.required}>
      <FormLabel component="legend" id={labelId}>
        {labelOf(field)}
      </FormLabel>
      <RadioGroup
        name={field.name}
        aria-labelledby={labelId}
        row={field.type === 'radio'}
        value={typeof input.value === 'string' ? input.value : ''}
        onChange={(_, v) => input.onChange(v)}
      >
        {options.map((o, i) => (
          <FormControlLabel
            key={o.value}
            value={o.value}
            label={o.label}
            control={
              <Radio
                id={i === 0 ? id : undefined}
                onBlur={input.onBlur}
                slotProps={{ input: { ref: i === 0 ? input.ref : undefined } }}
              />
            }
          />
        ))}
      </RadioGroup>
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}
