// PostgreSQL cannot store U+0000 in text or jsonb, nor a lone UTF-16 surrogate in jsonb: such a string
// would fail in the database (a 500). Refuse it up front as a field error, for every resource route
// at once (body and query).
import type { FastifyRequest } from 'fastify';
import { FieldErrors } from './errors';

const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const label = (field: string) => field.replace(/_/g, ' ');

function walk(value: unknown, field: string, errors: FieldErrors, depth = 0): void {
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) errors.add(field || 'body', `The ${label(field || 'body')} contains an invalid character.`);
  } else if (value && typeof value === 'object' && depth < 8) {
    for (const [k, v] of Object.entries(value)) walk(v, depth === 0 ? k : field, errors, depth + 1);
  }
}

export async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  const errors = new FieldErrors();
  walk(request.query, '', errors);
  walk(request.body, '', errors);
  errors.throwIfAny();
}
