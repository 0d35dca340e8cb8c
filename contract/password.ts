// The password rule: more than 8 characters with upper case, lower case and a digit, and at most
// 128 characters. The server enforces it; the SPA only hints.
export const PASSWORD_MIN_EXCLUSIVE = 8;
export const PASSWORD_MAX = 128;

export type PasswordProblem = 'too_short' | 'too_long' | 'needs_upper' | 'needs_lower' | 'needs_digit';

export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length <= PASSWORD_MIN_EXCLUSIVE) problems.push('too_short');
  if (password.length > PASSWORD_MAX) problems.push('too_long');
  if (!/[A-Z]/.test(password)) problems.push('needs_upper');
  if (!/[a-z]/.test(password)) problems.push('needs_lower');
  if (!/[0-9]/.test(password)) problems.push('needs_digit');
  return problems;
}
