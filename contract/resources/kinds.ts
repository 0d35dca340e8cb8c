// What the text-like field kinds accept (docs/resources.md "Fields"), read by both sides: the server's
// body schemas and OpenAPI entries (server/resources/crud/kinds.ts), its 422 messages
// (server/http/errors-plugin.ts) and the form's own checks (src/forms/validation.ts).

/** A phone number has at least 10 characters… */
export const TEL_MIN_LENGTH = 10;
export const TEL_MAX = 32;
/** …of digits, spaces, +, -, ( and ). */
export const TEL_PATTERN = '^[0-9 +()-]*$';

export const URL_MAX = 2048;
/**
 * A web address: http or https with a host (format `uri` alone takes any scheme, `javascript:` too).
 * JSON Schema patterns take no flags, so the scheme spells out its letter cases.
 */
export const HTTP_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#@]+([/?#]\\S*)?$';
