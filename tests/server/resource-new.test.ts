// `npm run resource:new -- <name>` (scripts/resource-new.ts) and `npm run db:generate`
// (scripts/db-generate.ts) on a copy of the repo's declarations and database files: the declaration
// the scaffold writes loads, is registered with its own area, and its table is derived into the
// generated module, from which drizzle-kit writes the migration.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';

const ROOT = path.resolve(__dirname, '../..');
const copy = mkdtempSync(path.join(os.tmpdir(), 'olympus-scaffold-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const run = (script: string, ...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', script), ...args, '--root', copy], {
    cwd: copy,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
const scaffold = (...args: string[]) => run('resource-new.ts', ...args);
const migrations = () => readdirSync(path.join(copy, 'server/db/migrations'), { recursive: true }).sort();

describe('npm run resource:new', () => {
  cpSync(path.join(ROOT, 'contract'), path.join(copy, 'contract'), { recursive: true });
  cpSync(path.join(ROOT, 'server/db/migrations'), path.join(copy, 'server/db/migrations'), { recursive: true });
  // The table modules drizzle-kit reads: tables.ts and every module it re-exports, and the deriving helper.
  const tableModules = [...readFileSync(path.join(ROOT, 'server/db/tables.ts'), 'utf8').matchAll(/from '\.\/(\w+)'/g)];
  for (const f of ['tables.ts', 'declaredTable.ts', ...tableModules.map((m) => `${m[1]}.ts`)])
    cpSync(path.join(ROOT, 'server/db', f), path.join(copy, 'server/db', f));
  for (const f of ['drizzle.config.ts', 'package.json', '.prettierrc.json'])
    cpSync(path.join(ROOT, f), path.join(copy, f));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));

  it('writes a declaration with an area of its own, registers it and derives its table, then says what to edit next', async () => {
    const before = migrations();
    const out = scaffold('parking_spaces');
    expect(out).toContain('Created contract/resources/parking-spaces.ts');
    expect(out).toContain('the screens at /dashboard/parking_space');
    // No migration of the skeleton: the one migration comes once the fields are written.
    expect(migrations()).toEqual(before);
    expect(out).toContain('Then, once, run: npm run db:generate -- --name parking_spaces');
    const { DECLARED_RESOURCES } = (await import(path.join(copy, 'contract/resources/index.ts'))) as {
      DECLARED_RESOURCES: { name: string; spa: string; noun: { one: string } }[];
    };
    const declared = DECLARED_RESOURCES.find((d) => d.name === 'parking_spaces');
    expect(declared).toMatchObject({
      spa: 'parking_space',
      noun: { one: 'parking space' },
      tenancy: 'scoped',
      area: { key: 'parking_spaces', defaults: { admin: ['parking_spaces.*'] } },
    });
    // server/db/schema.ts is untouched: the table is in the generated module.
    expect(readFileSync(path.join(copy, 'server/db/schema.ts'), 'utf8')).toBe(
      readFileSync(path.join(ROOT, 'server/db/schema.ts'), 'utf8'),
    );
    const generated = readFileSync(path.join(copy, 'server/db/declaredTables.ts'), 'utf8');
    expect(generated).toContain(
      'export const parkingSpaces = declaredTable(parkingSpaceResource, { companies: () => companies.id });',
    );
    const tables = (await import(path.join(copy, 'server/db/declaredTables.ts'))) as Record<string, PgTable>;
    const config = getTableConfig(tables.parkingSpaces);
    expect(config.name).toBe('parking_spaces');
    expect(config.columns.map((c) => c.name)).toEqual([
      'id',
      'company_id',
      'name',
      'version',
      'created_at',
      'updated_at',
      'deleted_at',
      'deleted_by',
    ]);
  });

  it('db:generate derives a reference and writes the migration that creates the table; --check then finds it current', () => {
    scaffold('amenities', '--global', '--area', 'companies');
    const file = path.join(copy, 'contract/resources/parking-spaces.ts');
    // A global resource of a built-in area, then the developer adds an optional reference to a property.
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .replace(
          "name: text('Name', { required: true }),",
          "name: text('Name', { required: true }),\n      property_id: ref('Property', 'properties', 'property'),",
        )
        .replace('group, newArea, text', 'group, newArea, ref, text'),
    );
    expect(() => run('db-generate.ts', '--check')).toThrow(/out of date/);
    const before = new Set(readdirSync(path.join(copy, 'server/db/migrations')));
    run('db-generate.ts', '--name', 'parking_and_amenities');
    const generated = readFileSync(path.join(copy, 'server/db/declaredTables.ts'), 'utf8');
    // As Prettier writes it (the format check covers the file); compared here with its line breaks as spaces.
    const flat = generated.replace(/\s*\n\s*/g, ' ');
    expect(flat).toContain(
      'export const parkingSpaces = declaredTable(parkingSpaceResource, { companies: () => companies.id, refs: { properties: () => properties }, });',
    );
    expect(flat).toContain('export const amenities = declaredTable(amenityResource);');
    expect(generated.split('\n').every((line) => line.length <= 120)).toBe(true);
    const added = readdirSync(path.join(copy, 'server/db/migrations')).filter(
      (f) => !before.has(f) && f.endsWith('.sql'),
    );
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/_parking_and_amenities\.sql$/);
    const migration = readFileSync(path.join(copy, 'server/db/migrations', added[0]), 'utf8');
    expect(migration).toContain('CREATE TABLE "parking_spaces"');
    expect(migration).toContain('CREATE TABLE "amenities"');
    expect(migration).toContain(
      '"parking_spaces_property_same_company" FOREIGN KEY ("property_id","company_id") REFERENCES "public"."properties"("id","company_id") ON DELETE restrict',
    );
    expect(run('db-generate.ts', '--check')).toContain('is current');
  });

  it('db:generate refuses a reference to a resource that is not declared: one line with the nearest name, no stack', () => {
    const file = path.join(copy, 'contract/resources/parking-spaces.ts');
    const good = readFileSync(file, 'utf8');
    const tables = readFileSync(path.join(copy, 'server/db/declaredTables.ts'), 'utf8');
    writeFileSync(
      file,
      good.replace("ref('Property', 'properties', 'property')", "ref('Property', 'propertys', 'property')"),
    );
    let stderr = '';
    try {
      run('db-generate.ts', '--name', 'typo');
    } catch (err) {
      stderr = String((err as { stderr?: string }).stderr);
    }
    writeFileSync(file, good);
    expect(stderr).toContain(
      'Resource "parking_spaces": field "property_id" refers to "propertys", which is not a declared resource (did you mean "properties"?',
    );
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(path.join(copy, 'server/db/declaredTables.ts'), 'utf8')).toBe(tables);
  });

  it('refuses a name that is taken or malformed, changing nothing', () => {
    const before = readFileSync(path.join(copy, 'contract/resources/index.ts'), 'utf8');
    expect(() => scaffold('parking_spaces')).toThrow(/exists already/);
    expect(() => scaffold('Parking Spaces')).toThrow(/lower case with underscores/);
    expect(readFileSync(path.join(copy, 'contract/resources/index.ts'), 'utf8')).toBe(before);
  });

  it("the repository's own generated tables are current (a registry changed without `npm run db:generate` fails here)", () => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts/db-generate.ts'), '--check'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(out).toContain('server/db/declaredTables.ts is current.');
  });
});
