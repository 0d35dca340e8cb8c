// Text PostgreSQL cannot store never reaches a query: a NUL character (refused by text and jsonb) or
// a lone UTF-16 surrogate (no UTF-8 form) anywhere in a request's body, query string or path
// parameters is answered with 422 naming each field, on every route at once. It runs as the first
// preHandler: after authentication, authorization and schema validation, before any handler.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid } from '../errors';

/** NUL, or a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorable = (text: string): boolean => !UNSTORABLE.test(text);

/** For a database refusal whose field is unknown (server/http/errors-plugin.ts). */
export const UNSTORABLE_MESSAGE = 'The request contains an invalid character that cannot be stored.';

const fieldMessage = (field: string) => `The ${field.replace(/[._]/g, ' ')} contains an invalid character.`;

/**
 * The paths (`settings.workspace_id`, `companies.0`) of every unstorable string in `value`, keys
 * included (a bad key is reported at its parent). Walks with its own stack: a deeply nested body
 * must not overflow the call stack.
 */
export function unstorablePaths(value: unknown, root: string): string[] {
  const found = new Set<string>();
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorable(v)) found.add(path);
    } else if (ArrayBuffer.isView(v)) {
      // A body kept as its bytes (an import's CSV file, decoded as strict UTF-8 by its handler): its NUL
      // bytes are what could not be stored, searched in one pass rather than walked byte by byte.
      if (new Uint8Array(v.buffer, v.byteOffset, v.byteLength).includes(0)) found.add(path);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (!isStorable(key)) {
          found.add(path || 'body');
          continue;
        }
        stack.push([item, path ? `${path}.${key}` : key]);
      }
    }
  }
  return [...found];
}

function check(req: FastifyRequest): void {
  refuseUnstorable(req.params, req.query, req.body);
}

/** 422 naming each field of `values` that holds unstorable text (also what a handler reads itself, a multipart form).
 */
export function refuseUnstorable(...values: unknown[]): void {
  const paths = values.flatMap((v) => unstorablePaths(v, ''));
  if (paths.length === 0) return;
  const errors: Record<string, string[]> = {};
  for (const path of paths) errors[path || 'body'] = [fieldMessage(path || 'body')];
  throw invalid(errors);
}

/** One check for every route (register before the routes). */
export function registerStorableText(app: FastifyInstance): void {
  app.addHook('preHandler', async (req) => check(req));
}
