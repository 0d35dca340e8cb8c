// The company form (issue 3 contract): name, then the address.
import { group, text } from '../forms/fields';
import type { FormFieldGroup } from '../../contract/forms';
import { NAME_MAX } from '../resources/schemas';

export function companyForm(): FormFieldGroup[] {
  return [
    group('Company', [text('name', 'Company name', { required: true, maxlength: NAME_MAX })]),
    group('Address', [
      text('address_line_1', 'Address line 1', { maxlength: NAME_MAX }),
      text('address_line_2', 'Address line 2', { maxlength: NAME_MAX }),
      text('city', 'City', { maxlength: NAME_MAX }),
      text('county', 'County', { maxlength: NAME_MAX }),
      text('postcode', 'Postcode', { maxlength: 32 }),
    ]),
  ];
}
