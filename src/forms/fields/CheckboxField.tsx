// A lone checkbox: one flag (true/false).
import { Checkbox, FormControl, FormControlLabel, FormHelperText } from '@mui/material';
import { labelOf, useFormField } from '../useFormField';
import type { FieldProps } from './fieldProps';

export function CheckboxField({ field, name, id }: FieldProps) {
  const { input, error, helperText } = useFormField(field, name);
  const helpId = `${id}-help`;
  return (
    <FormControl error={!!error} disabled={!!field.disabled} required={!!field.required}>
      <FormControlLabel
        label={labelOf(field)}
        control={
          <Checkbox
            id={id}
            name={field.name}
            checked={input.value === true}
            onChange={(_, checked) => input.onChange(checked)}
            onBlur={input.onBlur}
            slotProps={{ input: { ref: input.ref, 'aria-describedby': helperText ? helpId : undefined } }}
          />
        }
      />
      {helperText && <FormHelperText id={helpId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
