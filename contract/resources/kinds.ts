// What the text-like field kinds accept (docs/resources.md "Fields"), read by both sides: the server's
// body schemas and OpenAPI entries (server/crud/kinds.ts), its 422 messages
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

/**
 * Money (`money()`): a PostgreSQL `numeric(12,2)` holds 10 digits before the point and 2 after, so
 * the largest amount is MONEY_MAX. Written as a decimal string with at most 2 places ("1250",
 * "1250.5", "1250.50"; a JSON number is taken as its text); read with exactly 2 ("1250.50").
 */
export const MONEY_PRECISION = 12;
export const MONEY_SCALE = 2;
export const MONEY_MAX = 9999999999.99;
export const MONEY_PATTERN = '^-?[0-9]{1,10}([.][0-9]{1,2})?$';
/** The read shape: always 2 places. */
export const MONEY_READ_PATTERN = '^-?[0-9]+[.][0-9]{2}$';
/** An amount as the API writes it in texts: 2 places ("0.00", "100000.00"). */
export const moneyText = (n: number): string => n.toFixed(MONEY_SCALE);

/**
 * A text field's own format (`text(label, { pattern })`): a JSON Schema pattern (no flags; the API
 * checks it, the OpenAPI document shows it), the 422 message when a value does not match (`{field}`
 * stands for the field's name in words: "The {field} must be a valid id (a GUID)."), and a value that
 * matches (the OpenAPI example, and what the security suites send).
 */
export interface TextPattern {
  regex: string;
  message: string;
  example: string;
}

/** A GUID (Azure and Power BI ids), in either letter case. */
export const GUID_PATTERN = '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$';
export const guidPattern: TextPattern = {
  regex: GUID_PATTERN,
  message: 'The {field} must be a valid id (a GUID).',
  example: '00000000-0000-4000-8000-000000000000',
};
