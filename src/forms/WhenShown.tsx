// A conditional field (`when`, docs/resources.md "Fields"): drawn only while its controlling field has
// one of the values, so it appears and disappears as that field changes. Hidden, its error goes (its
// rule passes then: useFormField) and it is not sent (bodyOf); the server clears it.
import { useContext, useEffect, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { FormField } from '../../contract/forms';
import { conditionKeys, fieldKey, isShown, type FieldValue } from './fieldModel';
import { FormFieldsContext } from './formFields';

export function WhenShown({ field, children }: { field: FormField; children: ReactNode }) {
  const fields = useContext(FormFieldsContext);
  const { clearErrors } = useFormContext();
  const keys = conditionKeys(field, fields);
  const watched = useWatch({ name: keys }) as FieldValue[];
  const visible = isShown(field, fields, Object.fromEntries(keys.map((k, i) => [k, watched[i]])));
  const key = fieldKey(field.name);
  useEffect(() => {
    if (!visible) clearErrors(key);
  }, [visible, key, clearErrors]);
  return visible ? children : null;
}
