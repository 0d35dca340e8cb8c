// Server-side password policy: the length and character rule (contract/password.ts) plus two extras
// (not a common password, not the temporary one). Answers field messages for `new_password`.
import { PASSWORD_MAX, PASSWORD_MIN_EXCLUSIVE, passwordProblems, type PasswordProblem } from '../../contract/password';
import { isCommonPassword } from './commonPasswords';
import { verifyPassword } from './passwords';

const FIELD = 'new_password';

const MESSAGES: Record<PasswordProblem, string> = {
  too_short: `The new password must be more than ${PASSWORD_MIN_EXCLUSIVE} characters.`,
  too_long: `The new password may not be greater than ${PASSWORD_MAX} characters.`,
  needs_upper: 'The new password must contain an upper case letter.',
  needs_lower: 'The new password must contain a lower case letter.',
  needs_digit: 'The new password must contain a number.',
};
export const COMMON_MESSAGE = 'The new password is too common. Please choose another.';
export const SAME_AS_TEMPORARY_MESSAGE = 'The new password must be different from your temporary password.';

/** Problems knowable from the password alone; an empty list means it passes. */
export function policyErrors(password: string): string[] {
  const problems = passwordProblems(password).map((p) => MESSAGES[p]);
  if (isCommonPassword(password)) problems.push(COMMON_MESSAGE);
  return problems;
}

/** The temporary password may not be kept: compare against the hash it is stored as. */
export async function reusesTemporary(currentHash: string | null, password: string): Promise<boolean> {
  return currentHash !== null && (await verifyPassword(currentHash, password));
}

export const asFieldErrors = (messages: string[]) => ({ [FIELD]: messages });
