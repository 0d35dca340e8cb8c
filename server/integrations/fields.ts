// The integration edit form: the catalogue's fields, plain values filled in, secrets never — a set
// secret shows as empty with "Set — leave blank to keep".
import { checkbox, group, password, tel, text, url } from '../forms/fields';
import type { FormField, FormFieldGroup } from '../../contract/forms';
import type { IntegrationDef, IntegrationField } from './catalogue';
import { PHONE_MIN, SECRET_MAX, URL_MAX } from './schemas';
import type { StoredSettings } from './store';

export const SECRET_SET_HELP = 'Set — leave blank to keep';

function field(f: IntegrationField, stored: StoredSettings): FormField {
  const help = f.help ? { 'label-help': f.help } : {};
  const value = stored.settings[f.name];
  switch (f.type) {
    case 'password': {
      const isSet = typeof stored.secrets[f.name] === 'string' && stored.secrets[f.name] !== '';
      return password(f.name, f.label, {
        value: '',
        maxlength: SECRET_MAX,
        ...help,
        ...(isSet ? { 'label-help': SECRET_SET_HELP } : {}),
      });
    }
    case 'checkbox':
      return checkbox(f.name, f.label, { value: value === true, checked: value === true, ...help });
    case 'url':
      return url(f.name, f.label, { value: typeof value === 'string' ? value : '', maxlength: URL_MAX, ...help });
    case 'tel':
      return tel(f.name, f.label, {
        value: typeof value === 'string' ? value : '',
        minlength: PHONE_MIN,
        maxlength: 32,
        ...help,
      });
    case 'text':
      return text(f.name, f.label, { value: typeof value === 'string' ? value : '', maxlength: 255, ...help });
  }
}

export function integrationForm(def: IntegrationDef, stored: StoredSettings): FormFieldGroup[] {
  return [
    group(
      def.label,
      def.fields.map((f) => field(f, stored)),
      def.description,
    ),
  ];
}
