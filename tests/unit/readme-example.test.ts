// README's "Adding a resource" example is the declaration the tests run (tests/support/contractor-declaration.ts):
// a change to either without the other fails here, so the worked example stays one that works.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import * as prettier from 'prettier';

it("README's worked example is word for word the declaration the tests check", async () => {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## Adding a resource'), readme.indexOf('## Your account'));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const fromReadme = code
    .split('\n')
    .map((line) => line.replace(/^ {3}/, ''))
    .join('\n')
    .trim();
  const declared = readFileSync('tests/support/contractor-declaration.ts', 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('//'))
    .join('\n')
    .replaceAll('../../contract/resources/', './')
    .trim();
  expect(fromReadme.length).toBeGreaterThan(500);
  expect(declared).toBe(fromReadme);
  // Pasted into contract/resources/contractors.ts, it passes npm test's format check as it stands.
  const filepath = 'contract/resources/contractors.ts';
  const options = (await prettier.resolveConfig(filepath)) ?? {};
  expect(await prettier.check(`${fromReadme}\n`, { ...options, filepath })).toBe(true);
});
