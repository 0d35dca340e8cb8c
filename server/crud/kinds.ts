// What the email, tel, url and date kinds, and text with a declared pattern, check on the wire
// (docs/resources.md "Fields"): a format, a pattern or a least length in the body schema, which ajv checks
// (server/http/errors-plugin.ts words
// the 422) and the OpenAPI entry shows; the read shape names the format too. Their values are trimmed
// before validation, and an optional one left blank is null.
import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { FieldDecl, ResourceDecl } from '../../contract/resources/declare';
import { declarePatternMessage } from '../http/patternMessages';
import { HTTP_URL_PATTERN, TEL_MIN_LENGTH, TEL_PATTERN, type TextPattern } from '../../contract/resources/kinds';

interface StringRules {
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  examples?: string[];
}

function declaredPattern(p: TextPattern): StringRules {
  declarePatternMessage(p.regex, p.message);
  return { pattern: p.regex, examples: [p.example] };
}

/** The checks of a kind that has some, else undefined (plain text keeps its own schemas). */
export function rulesOf(f: FieldDecl): StringRules | undefined {
  switch (f.type) {
    case 'text':
    case 'textarea':
      return f.pattern ? { ...declaredPattern(f.pattern), maxLength: f.maxlength } : undefined;
    case 'email':
      return { format: 'email', maxLength: f.maxlength };
    case 'tel':
      return { minLength: TEL_MIN_LENGTH, maxLength: f.maxlength, pattern: TEL_PATTERN };
    case 'url':
      return { format: 'uri', maxLength: f.maxlength, pattern: HTTP_URL_PATTERN };
    case 'date':
      return { format: 'date' };
    default:
      return undefined;
  }
}

/** The body schema: required, a string (at least one character); optional, a string or null. */
export function kindBody(f: FieldDecl): TSchema {
  const rules = rulesOf(f) ?? {};
  if (f.required) return Type.String({ ...rules, minLength: Math.max(1, rules.minLength ?? 1) });
  return Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], ...rules }));
}

/** The read shape: the value with its format (a phone number has none to name). */
export function kindRead(rules: StringRules): TSchema {
  return rules.format ? Type.String({ format: rules.format }) : Type.String();
}

/**
 * A preValidation step for create and update: each such field sent as text is trimmed, and an optional
 * one left blank becomes null (a form sends '' for "none", which no format accepts). A required one
 * left blank stays '' and answers "The … field is required.".
 */
export function trimKinds(decl: ResourceDecl) {
  // Money too: "1250.00 " is an amount, and a blank optional one none.
  const fields = Object.entries(decl.fields).filter(([, f]) => !f.readOnly && (rulesOf(f) || f.type === 'money'));
  return async (req: FastifyRequest): Promise<void> => {
    const body = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    const values = body as Record<string, unknown>;
    for (const [name, f] of fields) {
      const value = values[name];
      if (typeof value !== 'string') continue;
      const trimmed = value.trim();
      values[name] = trimmed === '' && !f.required ? null : trimmed;
    }
  };
}
