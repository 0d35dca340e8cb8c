// Every field of the loaded form, for what one field needs to know of the others: a conditional
// field's controlling field (contract/resources/when.ts). DynamicForm provides it.
import { createContext } from 'react';
import type { FormField } from '../../contract/forms';

export const FormFieldsContext = createContext<readonly FormField[]>([]);
