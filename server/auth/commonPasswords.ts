// Passwords that meet the length/character rule yet top every breach list, so the policy refuses
// them too. Compared case-insensitively, so `Password123` is caught by `password123`.
const LIST = [
  'password1', 'password12', 'password123', 'password1234', 'password12345', 'password2024', 'password2025',
  'password2026', 'passw0rd1', 'passw0rd123', 'p4ssw0rd1', 'p@ssw0rd1', 'p@ssw0rd123', 'p@ssword1', 'p@ssword123',
  'password1!', 'password123!', 'welcome123', 'welcome1234', 'welcome12345', 'welcome2024', 'welcome2025',
  'welcome2026', 'welcome01', 'welcome123!', 'qwerty123', 'qwerty1234', 'qwerty12345', 'qwerty123!',
  'qwertyuiop1', 'qwertyuiop123', 'asdfghjkl1', 'asdfghjkl123', 'zxcvbnm123', 'abcdefg123', 'abcdefgh1',
  'abcdef12345', 'abc123456', 'abc1234567', 'abcd12345', 'abcd123456', 'a123456789', 'aa123456789',
  'iloveyou1', 'iloveyou12', 'iloveyou123', 'letmein123', 'letmein1234', 'letmein2024', 'changeme1',
  'changeme12', 'changeme123', 'admin12345', 'admin123456', 'administrator1', 'administrator123',
  'monkey1234', 'dragon1234', 'football123', 'football1', 'baseball123', 'basketball1', 'superman123',
  'batman1234', 'starwars123', 'princess123', 'sunshine123', 'sunshine1', 'trustno123', 'master1234',
  'shadow1234', 'michael123', 'jennifer123', 'whatever123', 'computer123', 'internet123', 'login12345',
  'loveyou123', 'freedom123', 'secret1234', 'default123', 'temp12345', 'temporary1', 'newpassword1',
  'newpassword123', 'mypassword1', 'mypassword123', 'summer2024', 'summer2025', 'summer2026', 'winter2024',
  'winter2025', 'winter2026', 'spring2025', 'spring2026', 'autumn2025', 'january2025', 'september2025',
  'london1234', 'london2024', 'liverpool1', 'chelsea123', 'arsenal123', 'olympus123', 'olympus1234',
  'olympus2025', 'company123', 'property123', 'letting123', 'manager123', 'test12345', 'testing123',
  'q1w2e3r4t5', 'q1w2e3r4t5y6', '1q2w3e4r5t', '1qaz2wsx3edc', 'zaq12wsxcde', 'qazwsx123',
] as const;

const COMMON: ReadonlySet<string> = new Set(LIST);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
