// Field errors gathered across a handler's own checks (after schema validation), thrown as one 422.
import { invalid } from '../errors';

export class FieldErrors {
  private readonly errors: Record<string, string[]> = {};

  add(field: string, message: string): this {
    const list = (this.errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
    return this;
  }

  get any(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  /** The 422 `{ message, errors }` of what was added, or null when nothing was. */
  asError(): ReturnType<typeof invalid> | null {
    return this.any ? invalid(this.errors) : null;
  }

  /** 422 `{ message, errors }` when anything was added. */
  throwIfAny(): void {
    const err = this.asError();
    if (err) throw err;
  }
}

const label = (field: string) => field.replace(/_/g, ' ');

/** The messages the schema layer also uses (server/http/errors-plugin.ts), for checks made by hand. */
export const MSG = {
  required: (field: string) => `The ${label(field)} field is required.`,
  selectedInvalid: (field: string) => `The selected ${label(field)} is invalid.`,
  emailTaken: 'The email has already been taken.',
  property: 'The selected property is invalid.',
} as const;
