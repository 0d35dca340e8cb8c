// The unit form (issue 3 contract). The property list comes inline (the tenant's properties) and as
// options-from 'properties' for renderers that load it themselves.
import { checkbox, group, number, optionsOf, select, text, textarea } from '../forms/fields';
import type { FormFieldGroup } from '../../contract/forms';
import { DESCRIPTION_MAX, NAME_MAX } from '../resources/schemas';
import { ROOMS_MAX, UNIT_STATUSES, UNIT_TYPES } from './options';

export function unitForm(propertyOptions: Record<string, string>): FormFieldGroup[] {
  return [
    group('Unit', [
      text('name', 'Unit name', { required: true, maxlength: NAME_MAX }),
      select('property_id', 'Property', { required: true, options: propertyOptions, 'options-from': 'properties' }),
      text('unit_ref', 'Unit reference', { maxlength: NAME_MAX }),
      select('unit_type', 'Unit type', { options: optionsOf(UNIT_TYPES) }),
      select('unit_status', 'Unit status', { options: optionsOf(UNIT_STATUSES) }),
    ]),
    group('Description', [
      text('short_description', 'Short description', { maxlength: NAME_MAX }),
      textarea('description', 'Description', { maxlength: DESCRIPTION_MAX }),
    ]),
    group('Address', [
      text('address_line_1', 'Address line 1', { maxlength: NAME_MAX }),
      text('address_line_2', 'Address line 2', { maxlength: NAME_MAX }),
      text('area', 'Area', { maxlength: NAME_MAX }),
      text('city', 'City', { maxlength: NAME_MAX }),
      text('county', 'County', { maxlength: NAME_MAX }),
      text('postcode', 'Postcode', { maxlength: 32 }),
    ]),
    group('Details', [
      number('bedrooms', 'Bedrooms', { min: 0, max: ROOMS_MAX }),
      number('bathrooms', 'Bathrooms', { min: 0, max: ROOMS_MAX }),
      text('size_unit', 'Size unit', { maxlength: 32 }),
      checkbox('furnished', 'Furnished'),
    ]),
  ];
}
