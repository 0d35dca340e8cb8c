// The role's own fields on the edit screen (a name field, and the label), as field
// definitions so the dynamic form validates them like the server's.
import type { FormFieldGroup } from '../../contract/forms';

type Translate = (key: string) => string;

/** `superAdmin`: only a super admin may decide whether the role requires two-factor sign-in (the server refuses anyone
 * else). */
export function roleInputs(translate: Translate, superAdmin = false): FormFieldGroup[] {
  return [
    {
      group: translate('olympus.forms.role.details'),
      fields: [
        { name: 'name', label: translate('olympus.forms.role.name'), type: 'text', required: true },
        { name: 'label', label: translate('olympus.forms.role.label'), type: 'text', required: true },
        ...(superAdmin
          ? [
              {
                name: 'require_two_factor',
                label: translate('olympus.forms.role.require_two_factor'),
                type: 'checkbox' as const,
              },
            ]
          : []),
      ],
    },
  ];
}
