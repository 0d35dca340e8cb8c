// `npm run resource:new -- <name>` (scripts/resource-new.ts) on a copy of the repo's declaration and
// schema files: the declaration it writes loads, is registered, and its derived table is there.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';

const ROOT = path.resolve(__dirname, '../..');
const copy = mkdtempSync(path.join(os.tmpdir(), 'olympus-scaffold-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

function scaffold(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/resource-new.ts'), ...args, '--root', copy, '--no-generate'], { cwd: ROOT, encoding: 'utf8' });
}

describe('npm run resource:new', () => {
  cpSync(path.join(ROOT, 'contract'), path.join(copy, 'contract'), { recursive: true });
  mkdirSync(path.join(copy, 'server/db'), { recursive: true });
  for (const f of ['schema.ts', 'declaredTable.ts']) cpSync(path.join(ROOT, 'server/db', f), path.join(copy, 'server/db', f));

  it('writes a declaration, registers it and derives its table, then says what to edit next', async () => {
    const out = scaffold('parking_spaces');
    expect(out).toContain('Created contract/resources/parking-spaces.ts');
    expect(out).toContain('the screens at /dashboard/parking_space');
    const { DECLARED_RESOURCES } = (await import(path.join(copy, 'contract/resources/index.ts'))) as { DECLARED_RESOURCES: { name: string; spa: string; noun: { one: string } }[] };
    const declared = DECLARED_RESOURCES.find((d) => d.name === 'parking_spaces');
    expect(declared).toMatchObject({ spa: 'parking_space', noun: { one: 'parking space' }, tenancy: 'scoped', area: 'properties' });
    const schema = (await import(path.join(copy, 'server/db/schema.ts'))) as Record<string, PgTable>;
    const config = getTableConfig(schema.parkingSpaces);
    expect(config.name).toBe('parking_spaces');
    expect(config.columns.map((c) => c.name)).toEqual(['id', 'company_id', 'name', 'created_at', 'updated_at']);
  });

  it('refuses a name that is taken or malformed, changing nothing', () => {
    const before = readFileSync(path.join(copy, 'contract/resources/index.ts'), 'utf8');
    expect(() => scaffold('parking_spaces')).toThrow(/exists already/);
    expect(() => scaffold('Parking Spaces')).toThrow(/lower case with underscores/);
    expect(readFileSync(path.join(copy, 'contract/resources/index.ts'), 'utf8')).toBe(before);
  });
});
