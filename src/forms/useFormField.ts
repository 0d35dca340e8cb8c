// One server-defined field registered with the form (react-hook-form's useController) together with
// its validation rules; gives the input its value, handlers, and the text under it (error or help).
import { useContext } from 'react';
import { useController } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import type { FormField } from '../../contract/forms';
import { isShown, type FieldValue, type FormValues } from './fieldModel';
import { FormFieldsContext } from './formFields';
import { fieldError } from './validation';

export function useFormField(field: FormField, name: string) {
  const translate = useTranslate();
  const fields = useContext(FormFieldsContext);
  const { field: input, fieldState } = useController<FormValues>({
    name,
    // A hidden conditional field (./WhenShown.tsx) is not checked: it is not sent.
    rules: {
      validate: (value: FieldValue, values: FormValues) =>
        (isShown(field, fields, values) ? fieldError(field, value, translate) : undefined) ?? true,
    },
  });
  const error = fieldState.error?.message;
  return { input, error, helperText: error ?? field['label-help'] };
}

/** What the field is called on screen. */
export const labelOf = (field: FormField) => field.label || field.name;
