// Draws one server-defined field with the input its type calls for.
import { createContext, useContext } from 'react';
import type { FormField } from '../../contract/forms';
import { fieldKey, kindOf, optionsSource, staticOptions } from './fieldModel';
import { CheckboxField } from './fields/CheckboxField';
import { CheckboxListField } from './fields/CheckboxListField';
import { ChoiceField } from './fields/ChoiceField';
import { DateField } from './fields/DateField';
import { FileField } from './fields/FileField';
import { InputField } from './fields/InputField';
import { RadioField } from './fields/RadioField';
import { SelectField } from './fields/SelectField';
import { UnknownField } from './fields/UnknownField';
import type { OptionLists } from './useFormDefinition';

/** The loaded `options-from` lists of the form. */
export const OptionListsContext = createContext<OptionLists>({});

export interface FieldInputProps {
  field: FormField;
  id: string;
  /** Checkbox lists get a "Select all" box (the role create screen). */
  toggleAll?: boolean;
  groupTitle?: string;
}

export function FieldInput({ field, id, toggleAll, groupTitle }: FieldInputProps) {
  const lists = useContext(OptionListsContext);
  const source = optionsSource(field);
  const props = {
    field,
    id,
    name: fieldKey(field.name),
    options: source ? (lists[source] ?? []) : staticOptions(field),
  };
  switch (kindOf(field)) {
    case 'input':
    case 'textarea':
      return <InputField {...props} />;
    case 'select':
      return <SelectField {...props} />;
    case 'choice':
      return <ChoiceField {...props} />;
    case 'radio':
      return <RadioField {...props} />;
    case 'checkbox':
      return <CheckboxField {...props} />;
    case 'checkboxes':
      return <CheckboxListField {...props} toggleAll={toggleAll} groupTitle={groupTitle} />;
    case 'date':
      return <DateField {...props} />;
    case 'file':
      return <FileField {...props} />;
    case 'unknown':
      return <UnknownField id={id} />;
  }
}

/** Kinds that take the full width of the form's grid. */
export const isWide = (field: FormField) =>
  ['textarea', 'choice', 'checkboxes', 'file', 'unknown'].includes(kindOf(field));
