// What the renderer hands every field input.
import type { FormField } from '../../../contract/forms';
import type { Option } from '../fieldModel';

export interface FieldProps {
  field: FormField;
  /** The form value's key (fieldKey of the server name). */
  name: string;
  /** DOM id of the input; unique even when fields share a name. */
  id: string;
  options: Option[];
}
