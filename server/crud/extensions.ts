// The OpenAPI extensions the declared bodies carry (docs/resources.md "Fields"): what JSON Schema
// cannot state as a check — a field's condition, a money field's currency and range. ajv refuses
// unknown keywords in strict mode, so server/app.ts registers these as annotations (no check).
export const WHEN_KEYWORD = 'x-olympus-when';
export const MONEY_KEYWORD = 'x-olympus-money';
export const OPENAPI_EXTENSIONS = [WHEN_KEYWORD, MONEY_KEYWORD];
