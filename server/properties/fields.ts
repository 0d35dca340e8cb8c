// The property form (issue 3 contract): name, reference, slug (optional: derived from the name),
// the address, and the map position.
import { group, number, text } from '../forms/fields';
import type { FormFieldGroup } from '../../contract/forms';
import { NAME_MAX } from '../resources/schemas';

export function propertyForm(): FormFieldGroup[] {
  return [
    group('Property', [
      text('name', 'Property name', { required: true, maxlength: NAME_MAX }),
      text('reference', 'Reference', { maxlength: NAME_MAX }),
      text('slug', 'Slug', { maxlength: NAME_MAX, 'label-help': 'Leave blank to derive it from the name' }),
    ]),
    group('Address', [
      text('address_line_1', 'Address line 1', { maxlength: NAME_MAX }),
      text('address_line_2', 'Address line 2', { maxlength: NAME_MAX }),
      text('area', 'Area', { maxlength: NAME_MAX }),
      text('city', 'City', { maxlength: NAME_MAX }),
      text('county', 'County', { maxlength: NAME_MAX }),
      text('country', 'Country', { maxlength: NAME_MAX }),
      text('postcode', 'Postcode', { maxlength: 32 }),
    ]),
    group('Location', [number('latitude', 'Latitude', { min: -90, max: 90 }), number('longitude', 'Longitude', { min: -180, max: 180 })]),
  ];
}
