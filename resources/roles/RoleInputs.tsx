// The role's own fields on the edit screen (SPEC §2: a name field, and the label), as field
// definitions so the dynamic form validates them like the server's.
import type { FormFieldGroup } from '../../contract/forms';

type Translate = (key: string) => string;

export function roleInputs(translate: Translate): FormFieldGroup[] {
  return [
    {
      group: translate('olympus.forms.role.details'),
      fields: [
        { name: 'name', label: translate('olympus.forms.role.name'), type: 'text', required: true },
        { name: 'label', label: translate('olympus.forms.role.label'), type: 'text', required: true },
      ],
    },
  ];
}
