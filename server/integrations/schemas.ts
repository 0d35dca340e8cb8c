// TypeBox body of each integration's PUT, built from its catalogue fields.
import { Type, type TSchema } from 'typebox';
import { Checkbox, OptText } from '../http/schemas';
import type { IntegrationDef, IntegrationField } from './catalogue';

export const SECRET_MAX = 1000;
export const URL_MAX = 2048;
export const PHONE_MIN = 10;

function fieldSchema(f: IntegrationField): TSchema {
  switch (f.type) {
    case 'text':
      return OptText();
    case 'password':
      return OptText(SECRET_MAX);
    case 'url':
      // http(s) only: these URLs are called by the server, never file: or javascript:.
      return Type.Unsafe<string | null>({
        type: ['string', 'null'],
        maxLength: URL_MAX,
        pattern: '^(\\s*|\\s*https?://[^\\s/?#]+[^\\s]*\\s*)$',
      });
    case 'tel':
      // Length (at least 10) is checked after trimming.
      return Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 32, pattern: '^[0-9+()\\-. ]*$' });
    case 'checkbox':
      return Checkbox;
  }
}

export function integrationBody(def: IntegrationDef) {
  return Type.Object(Object.fromEntries(def.fields.map((f) => [f.name, Type.Optional(fieldSchema(f))])));
}

export const IntegrationRef = Type.Object({ value: Type.String(), label: Type.String() });
export const IntegrationListResponse = Type.Object({ data: Type.Object({ integrations: Type.Array(IntegrationRef) }) });
export const IntegrationParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  integration: Type.String({ maxLength: 64 }),
});
