// A checkbox per option, the ticked values as an array. A wildcard option (users.*) ticks its whole
// prefix; with `toggleAll` a "Select all" box ticks or clears every option of the field (the role
// create screen's group checkboxes).
import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTranslate } from 'react-admin';
import { toggleValue } from '../fieldModel';
import { labelOf, useFormField } from '../useFormField';
import type { FieldProps } from './fieldProps';

export interface CheckboxListFieldProps extends FieldProps {
  toggleAll?: boolean;
  /** The title of the field's group: a legend that only repeats it is kept for screen readers alone. */
  groupTitle?: string;
}

export function CheckboxListField({ field, name, id, options, toggleAll, groupTitle }: CheckboxListFieldProps) {
  const translate = useTranslate();
  const { input, error, helperText } = useFormField(field, name);
  const value = Array.isArray(input.value) ? input.value : [];
  const all = options.map((o) => o.value);
  const ticked = all.filter((v) => value.includes(v)).length;
  const labelId = `${id}-label`;
  return (
    <FormControl
      component="fieldset"
      variant="standard"
      error={!!error}
      disabled={!!field.disabled}
      required={!!field.required}
    >
      <FormLabel component="legend" id={labelId} sx={labelOf(field) === groupTitle ? visuallyHidden : undefined}>
        {labelOf(field)}
      </FormLabel>
      {toggleAll && all.length > 0 && (
        <FormControlLabel
          label={translate('olympus.forms.select_all_of', { group: labelOf(field) })}
          control={
            <Checkbox
              checked={ticked === all.length}
              indeterminate={ticked > 0 && ticked < all.length}
              onChange={(_, checked) =>
                input.onChange(all.reduce((acc, v) => toggleValue(acc, v, checked, all), value))
              }
            />
          }
        />
      )}
      <FormGroup aria-labelledby={labelId}>
        {options.map((o, i) => (
          <FormControlLabel
            key={o.value}
            label={o.label}
            control={
              <Checkbox
                id={i === 0 ? id : undefined}
                name={field.name}
                value={o.value}
                checked={value.includes(o.value)}
                onChange={(_, checked) => input.onChange(toggleValue(value, o.value, checked, all))}
                onBlur={input.onBlur}
                slotProps={{ input: { ref: i === 0 ? input.ref : undefined } }}
              />
            }
          />
        ))}
      </FormGroup>
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}
