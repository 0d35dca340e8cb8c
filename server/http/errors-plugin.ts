// One error handler: every failure leaves as the API's `{ message, errors? }`, never a stack trace.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { loggableError, sqlStateOf } from './error-log';
import { UNSTORABLE_MESSAGE } from './storable-text';
import { isDatabaseUnreachable } from '../db/outage';
import { HTTP_URL_PATTERN, MONEY_PATTERN } from '../../contract/resources/kinds';
import { patternMessage } from './patternMessages';
import { pgError } from '../db/conn';
import { rangeChecks } from '../db/declaredTable';
import { DECLARED_RESOURCES } from '../../contract/resources';

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const label = (field: string) => field.replace(/_/g, ' ');
/** "Parking, Garden or Lift". */
const orList = (values: unknown[]) =>
  values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${String(values[values.length - 1])}` : String(values[0]);

function fieldMessage(field: string, e: AjvError): string {
  const l = label(field);
  switch (e.keyword) {
    case 'required':
      return `The ${l} field is required.`;
    case 'maxLength':
      return `The ${l} may not be greater than ${e.params.limit} characters.`;
    case 'minLength':
      return Number(e.params.limit) <= 1
        ? `The ${l} field is required.`
        : `The ${l} must be at least ${e.params.limit} characters.`;
    case 'type': {
      // Nullable fields use a type list (['number', 'null']): name the real type, not the list.
      const type = Array.isArray(e.params.type) ? e.params.type.find((t) => t !== 'null') : e.params.type;
      return `The ${l} must be ${type === 'integer' || type === 'number' ? 'a number' : `a ${type}`}.`;
    }
    case 'format':
      if (e.params.format === 'email') return `The ${l} must be a valid email address.`;
      if (e.params.format === 'uri') return `The ${l} must be a valid URL.`;
      return e.params.format === 'date' ? `The ${l} is not a valid date.` : `The ${l} format is invalid.`;
    case 'pattern': {
      // A text field's declared pattern brings its own message (contract/resources/kinds.ts TextPattern).
      const declared = patternMessage(e.params.pattern);
      if (declared) return declared.replaceAll('{field}', l);
      // A url field's http(s) pattern says the same as its format (contract/resources/kinds.ts).
      if (e.params.pattern === MONEY_PATTERN)
        return `The ${l} must be an amount with at most 2 decimal places, such as 1250.50.`;
      return e.params.pattern === HTTP_URL_PATTERN ? `The ${l} must be a valid URL.` : `The ${l} format is invalid.`;
    }
    case 'enum':
      // An item of a multi-choice (/amenities/0): say which values it may hold.
      if (/^\/[^/]+\/\d+$/.test(e.instancePath) && Array.isArray(e.params.allowedValues))
        return `The ${l} may only hold ${orList(e.params.allowedValues)}.`;
      return `The selected ${l} is invalid.`;
    case 'uniqueItems':
      return `The ${l} may not hold the same value twice.`;
    case 'minItems':
      return Number(e.params.limit) <= 1
        ? `The ${l} field is required.`
        : `The ${l} must have at least ${e.params.limit} items.`;
    case 'const':
    case 'anyOf':
      return `The selected ${l} is invalid.`;
    case 'maximum':
      return `The ${l} may not be greater than ${e.params.limit}.`;
    case 'minimum':
      return `The ${l} must be at least ${e.params.limit}.`;
    case 'maxItems':
      return `The ${l} may not have more than ${e.params.limit} items.`;
    case 'additionalProperties':
      return `The ${label(String(e.params.additionalProperty))} field is not allowed.`;
    default:
      return `The ${l} is invalid.`;
  }
}

/** ajv errors → `{ field: [messages] }`, field names as the client sent them. */
export function validationErrors(errors: AjvError[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of errors) {
    let field = e.instancePath.replace(/^\//, '').split('/')[0] ?? '';
    if (e.keyword === 'required') field = String(e.params.missingProperty);
    if (e.keyword === 'additionalProperties') field = String(e.params.additionalProperty);
    if (!field) field = 'body';
    const msg = fieldMessage(field, e);
    if (!(out[field] ??= []).includes(msg)) out[field].push(msg);
  }
  // A field left blank is only that: not also "not a valid email address".
  for (const [field, messages] of Object.entries(out)) {
    const missing = `The ${label(field)} field is required.`;
    if (messages.length > 1 && messages.includes(missing)) out[field] = [missing];
  }
  return out;
}

/** The declared bounds' CHECKs by constraint name (server/db/declaredTable.ts): a refusal is the field's 422. */
const RANGE_CHECKS = new Map(DECLARED_RESOURCES.flatMap((d) => rangeChecks(d)).map((r) => [r.name, r]));

/** CHECK violation (23514) of a declared bound: the field's own message, as the route's schema gives it. */
export function rangeViolation(err: unknown): Record<string, string[]> | null {
  const { code, constraint } = pgError(err);
  const r = code === '23514' && constraint ? RANGE_CHECKS.get(constraint) : undefined;
  if (!r) return null;
  const keyword = r.bound === 'min' ? 'minimum' : 'maximum';
  return { [r.field]: [fieldMessage(r.field, { keyword, instancePath: `/${r.field}`, params: { limit: r.limit } })] };
}

export const TIMEOUT_MESSAGE =
  'The request took too long and was stopped. Please try again later; for a long list, ask for it page by page (page and per_page).';

export const DATABASE_UNREACHABLE_MESSAGE = 'The database is not reachable. Please try again shortly.';

/** Seconds a client is asked to wait while the database cannot be reached: about the time a restart takes. */
export const DATABASE_UNREACHABLE_RETRY_AFTER_S = 5;

/**
 * Database failures that are the request's, not the server's: a statement stopped by the statement
 * timeout (57014) and data PostgreSQL refuses (class 22: text it cannot store, a number out of
 * range…), which the routes' schemas and the storable-text check should already have refused.
 */
function databaseAnswer(
  error: unknown,
  code: string | undefined,
): { status: number; body: { message: string; errors?: Record<string, string[]> } } | null {
  if (code === '57014') return { status: 503, body: { message: TIMEOUT_MESSAGE } };
  const range = rangeViolation(error);
  if (range) return { status: 422, body: { message: Object.values(range)[0][0], errors: range } };
  if (code === '22021' || code === '22P05')
    return { status: 422, body: { message: UNSTORABLE_MESSAGE, errors: { body: [UNSTORABLE_MESSAGE] } } };
  if (code?.startsWith('22')) {
    const message = 'The given data was invalid: a value is out of range or in the wrong format.';
    return { status: 422, body: { message, errors: { body: [message] } } };
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.more });
    }
    const fe = error as FastifyError & { validation?: AjvError[] };
    if (fe.validation) {
      const errors = validationErrors(fe.validation);
      return reply
        .status(422)
        .send({ message: Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors });
    }
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request is too large.'
          : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type; send JSON.'
            : fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
                fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
                error instanceof SyntaxError
              ? 'The request body is not valid JSON.'
              : fe.message;
      return reply.status(status).send({ message });
    }
    if (isDatabaseUnreachable(error)) {
      // Logged once per outage (server/app.ts), not once per request: every request fails alike. Asked
      // no earlier than the request began: one that began before the database came back begins no new outage.
      request.server.database.outage.failed(error, Date.now() - reply.elapsedTime);
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_UNREACHABLE_RETRY_AFTER_S))
        .send({ message: DATABASE_UNREACHABLE_MESSAGE });
    }
    const answer = databaseAnswer(error, sqlStateOf(error));
    // Never `err: error`: a failed query's error carries its parameters (./error-log.ts).
    request.log[answer ? 'warn' : 'error'](
      { error: loggableError(error) },
      answer ? 'database refused the request' : 'unhandled error',
    );
    if (answer) return reply.status(answer.status).send(answer.body);
    return reply.status(500).send({ message: 'Internal error. Please try again later.' });
  });
}
