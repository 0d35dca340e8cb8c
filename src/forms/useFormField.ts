// One server-defined field registered with the form (react-hook-form's useController) together with
// its SPEC §5 rules; gives the input its value, handlers, and the text under it (error or help).
import { useController } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import type { FormField } from '../../contract/forms';
import type { FieldValue, FormValues } from './fieldModel';
import { fieldError } from './validation';

export function useFormField(field: FormField, name: string) {
  const translate = useTranslate();
  const { field: input, fieldState } = useController<FormValues>({
    name,
    rules: { validate: (value: FieldValue) => fieldError(field, value, translate) ?? true },
  });
  const error = fieldState.error?.message;
  return { input, error, helperText: error ?? field['label-help'] };
}

/** What the field is called on screen. */
export const labelOf = (field: FormField) => field.label || field.name;
