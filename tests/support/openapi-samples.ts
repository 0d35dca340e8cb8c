// Plausible values built from an OpenAPI 3.0 schema object (as @fastify/swagger writes the routes'
// TypeBox schemas), and the junk a fuzzer puts in their place. No $ref support: the document has none
// (tests/server/fuzz-openapi.test.ts fails loudly if one appears).

export interface SchemaObject {
  type?: string | string[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  allOf?: SchemaObject[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  nullable?: boolean;
  default?: unknown;
  $ref?: string;
}

let counter = 0;

/** A value the schema accepts, as a client filling a form would send it (ids left as random UUIDs). */
export function sampleOf(schema: SchemaObject | undefined, name = ''): unknown {
  if (!schema) return undefined;
  if (schema.$ref) throw new Error(`openapi-samples: $ref ${schema.$ref} is not supported`);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return sampleOf(choices.find((c) => c.type !== 'null') ?? choices[0], name);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => sampleOf(s, name) as object));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
    case undefined: {
      if (!schema.properties) return {};
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties)) out[key] = sampleOf(prop, key);
      return out;
    }
    case 'array': {
      const n = Math.max(schema.minItems ?? 0, 1);
      return Array.from({ length: n }, () => sampleOf(schema.items, name));
    }
    case 'string':
      return sampleString(schema, name);
    case 'integer':
      return clamp(1, schema);
    case 'number':
      return clamp(1.5, schema);
    case 'boolean':
      return false;
    default:
      return null;
  }
}

function clamp(n: number, schema: SchemaObject): number {
  return Math.min(Math.max(n, schema.minimum ?? n), schema.maximum ?? n);
}

function sampleString(schema: SchemaObject, name: string): string {
  const n = ++counter;
  let text: string;
  if (schema.format === 'email' || /email|username/.test(name)) text = `fuzz${n}@example.test`;
  else if (schema.format === 'uuid' || /(^|_)(id|uuid)$/.test(name)) text = crypto.randomUUID();
  else if (schema.format === 'uri' || /url$/.test(name)) text = `https://fuzz${n}.example.test/`;
  else if (schema.format === 'date-time') text = new Date().toISOString();
  else if (/password/.test(name)) text = `Fuzz-Pass-${n}9x`;
  else text = `Fuzz ${name} ${n}`;
  if (schema.maxLength !== undefined && text.length > schema.maxLength) text = text.slice(0, schema.maxLength);
  if (schema.minLength !== undefined && text.length < schema.minLength) text = text.padEnd(schema.minLength, 'x');
  return text;
}

/** Nested `depth` levels deep: `[[[…]]]`. */
export const deeplyNested = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

/** Junk for one body field: text the database refuses, oversized text, wrong types, deep nesting, extreme numbers. */
export const FIELD_JUNK: readonly unknown[] = [
  'nul\u0000byte',
  'lone \ud800 surrogate',
  'x'.repeat(70_000),
  12345,
  -1,
  -2_147_483_649,
  2 ** 63,
  1e308,
  3.5,
  true,
  null,
  '',
  'not-a-uuid',
  ['a', 'b'],
  { nested: { deeper: true } },
  deeplyNested(500),
];

/** The few kinds of junk sent to slow routes (argon2 hashing). */
export const FEW_FIELD_JUNK: readonly unknown[] = [
  'nul\u0000byte',
  'lone \ud800 surrogate',
  'x'.repeat(70_000),
  12345,
  null,
  { a: 1 },
  deeplyNested(500),
];

/** Junk for one query parameter (already URL-encoded). */
export const QUERY_JUNK: readonly string[] = [
  '%00',
  '%ED%A0%80',
  'x'.repeat(70_000),
  '-1',
  '1e308',
  '99999999999999999999',
  'abc',
  '%27%20or%201%3D1--',
  '',
  '[object Object]',
];

/** Junk path ids (already URL-encoded). */
export const PATH_JUNK: readonly string[] = [
  '%00',
  '%ED%A0%80',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  '-1',
  '99999999999999999999',
  '%27%20or%201%3D1--',
  '..%2F..%2Fetc',
  'a'.repeat(300),
];

/** Junk X-Tenant headers. */
export const TENANT_JUNK: readonly string[] = [
  'not-a-uuid',
  "' or 1=1 --",
  'x'.repeat(2000),
  '00000000-0000-4000-8000-000000000000',
  '-1',
];

/** Whole bodies that are junk in themselves, as raw JSON text (too deep for JSON.stringify in a test). */
export const BODY_JUNK: readonly string[] = [
  '[1,2]',
  '"text"',
  '42',
  'null',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
  '{"k\\u0000":1}',
  '{"name": "x",',
];
