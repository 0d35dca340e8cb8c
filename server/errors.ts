// One error type for every deliberate failure: the error handler turns it into the API's shape
// `{ message, errors? }` with the right status.
export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
    public readonly headers?: Record<string, string>,
    /** More of the answer beside `message` (a version conflict's `conflict`). */
    public readonly more?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'Unauthenticated.') => new ApiError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') => new ApiError(403, message);
export const notFound = (message = 'Not found.') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const invalid = (errors: Record<string, string[]>, message?: string) =>
  new ApiError(422, message ?? Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
export const tooMany = (retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') =>
  new ApiError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** 503 with Retry-After: the server cannot take the request now (a full queue), not the caller's fault. */
export const unavailable = (retryAfterSeconds: number, message: string) =>
  new ApiError(503, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
