// The test tree's declarations and the registry coexist: a newcomer who follows README ("Adding a resource")
// for real declares its contractors in contract/resources, and the tests that add README's example to the
// registry (vi.mock of contract/resources and server/db/declaredTables, the e2e newcomer registry) must then
// test the registry's own instead of clashing with it ("declares the area … which exists already").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { ResourceDecl } from '../../contract/resources/declare';
import { DECLARED_RESOURCES } from '../../contract/resources';
import { registryHas, withFixtures } from '../support/fixture-registry';

const readme = readFileSync('README.md', 'utf8');
const section = readme.slice(readme.indexOf('## Adding a resource'), readme.indexOf('## Your account'));
/** The resource, SPA and area names README's example proposes. */
const PROPOSED = new Set(
  [...section.matchAll(/(?:name|spa): '([a-z_]+)'|newArea\('([a-z_]+)'/g)].map((m) => m[1] ?? m[2]),
);
const areaKey = (d: ResourceDecl) => (typeof d.area === 'string' ? undefined : d.area.key);
const namesOf = (d: ResourceDecl) => [d.name, d.spa, areaKey(d)].filter((n): n is string => !!n);

/** Every declaration of the test tree (tests/support/*-declaration.ts), by the module it is in. */
async function fixtureModules(): Promise<{ file: string; decls: ResourceDecl[] }[]> {
  const files = readdirSync('tests/support').filter((f) => f.endsWith('-declaration.ts'));
  return Promise.all(
    files.map(async (file) => {
      const mod: Record<string, unknown> = await import(`../support/${file.replace(/\.ts$/, '')}`);
      const decls = Object.values(mod).filter(
        (v): v is ResourceDecl => !!v && typeof v === 'object' && 'name' in v && 'fields' in v && 'area' in v,
      );
      return { file, decls };
    }),
  );
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe("the test tree's declarations and the registry", () => {
  it("README's example proposes contractors (the names this file guards)", () => {
    expect([...PROPOSED].sort()).toEqual(['contractor', 'contractors']);
  });

  it('join the registry with no name, SPA path or area twice; one README proposes is the registry’s own if it has one', async () => {
    const fixtures = (await fixtureModules()).flatMap((m) => m.decls);
    expect(fixtures.map((d) => d.name)).toContain('contractors');
    const built = withFixtures(DECLARED_RESOURCES, ...fixtures);
    for (const pick of [(d: ResourceDecl) => d.name, (d: ResourceDecl) => d.spa, areaKey]) {
      const names = built.map(pick).filter((n) => n !== undefined);
      expect(names.length, 'a name taken twice').toBe(new Set(names).size);
    }
    for (const own of DECLARED_RESOURCES) expect(built).toContain(own);
    for (const f of fixtures) expect(built.includes(f)).toBe(!registryHas(DECLARED_RESOURCES, f));
  });

  it('coexist with a registry that declares README’s contractors itself: its own is kept, the areas build', async () => {
    const { contractorResource } = await import('../support/contractor-declaration');
    // README's declaration as contract/resources/contractors.ts holds it: the registry's own once there is one.
    const newcomers = DECLARED_RESOURCES.find((d) => d.name === 'contractors') ?? { ...contractorResource };
    const real = DECLARED_RESOURCES.includes(newcomers) ? DECLARED_RESOURCES : [...DECLARED_RESOURCES, newcomers];
    const registry = withFixtures(real, contractorResource);
    expect(registry.filter((d) => d.name === 'contractors')).toEqual([newcomers]);
    expect(registry.filter((d) => d.name === 'contractors')[0]).toBe(newcomers);
    // The access table and the catalogue built from it: one contractors area, no "exists already".
    vi.resetModules();
    vi.doMock('../../contract/resources', async (importOriginal) => ({
      ...(await importOriginal<typeof import('../../contract/resources')>()),
      DECLARED_RESOURCES: registry,
    }));
    const { AREAS } = await import('../../contract/access');
    const { PERMISSIONS } = await import('../../contract/permissions');
    expect(new Set(AREAS.map((a) => a.key)).size).toBe(AREAS.length);
    expect(new Set(PERMISSIONS.map((p) => p.name)).size).toBe(PERMISSIONS.length);
    // Its area is the one it declares: its own (README's newArea), or a built-in one it names.
    expect(AREAS.filter((a) => a.key === 'contractors')).toHaveLength(typeof newcomers.area === 'string' ? 0 : 1);
    vi.doUnmock('../../contract/resources');
    vi.resetModules();
  });

  it('a test that adds a declaration with a name README proposes adds it through withFixtures', async () => {
    const proposing = (await fixtureModules())
      .filter((m) => m.decls.some((d) => namesOf(d).some((n) => PROPOSED.has(n))))
      .map((m) => m.file.replace(/\.ts$/, ''));
    expect(proposing).toEqual(['contractor-declaration']);
    const offenders = testFiles('tests').filter((file) => {
      if (file.endsWith('fixture-registry.test.ts') || file.endsWith('readme-example.test.ts')) return false;
      const text = readFileSync(file, 'utf8');
      return proposing.some((m) => text.includes(`/${m}'`)) && !text.includes('withFixtures(');
    });
    expect(offenders).toEqual([]);
  });
});
