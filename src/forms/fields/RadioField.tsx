// A lone radio (no options): like HTML, radios of the same name form one group, and the group's value
// is the `value` of the one ticked.
import { FormControl, FormControlLabel, FormHelperText, Radio } from '@mui/material';
import { labelOf, useFormField } from '../useFormField';
import type { FieldProps } from './fieldProps';

export function RadioField({ field, name, id }: FieldProps) {
  const { input, error, helperText } = useFormField(field, name);
  const own = field.value === undefined || field.value === null ? '' : String(field.value);
  return (
    <FormControl error={!!error} disabled={!!field.disabled}>
      <FormControlLabel
        label={labelOf(field)}
        control={
          <Radio
            id={id}
            name={field.name}
            value={own}
            checked={input.value === own}
            onChange={() => input.onChange(own)}
            onBlur={input.onBlur}
            slotProps={{ input: { ref: input.ref } }}
          />
        }
      />
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}
