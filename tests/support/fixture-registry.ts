// The test tree's declarations join the registry as their registration line would add them — but never
// in place of the registry's own: README proposes names (its contractors) a newcomer then declares for
// real, and a fixture taking one of them would clash with it ("declares the area … which exists
// already") or test the fixture instead of what the registry really holds. So a fixture whose resource
// name, SPA name or area key the registry already has is left out, and the registry's is the one the
// tests run; tests/unit/fixture-registry.test.ts checks they coexist.
import type { ResourceDecl } from '../../contract/resources/declare';

const areaKey = (d: Pick<ResourceDecl, 'area'>): string => (typeof d.area === 'string' ? d.area : d.area.key);
/** The area keys a declaration brings (a newArea's), none for a built-in one. */
const ownAreaKeys = (d: ResourceDecl): string[] => (typeof d.area === 'string' ? [] : [areaKey(d)]);

/** Does the registry already hold this fixture's resource, SPA path or area? */
export function registryHas(registry: readonly ResourceDecl[], fixture: ResourceDecl): boolean {
  const areas = new Set(registry.flatMap(ownAreaKeys));
  return (
    registry.some((d) => d.name === fixture.name || d.spa === fixture.spa) ||
    ownAreaKeys(fixture).some((k) => areas.has(k))
  );
}

/** The registry plus those fixtures it does not hold already (registryHas), in the fixtures' order. */
export function withFixtures(registry: readonly ResourceDecl[], ...fixtures: ResourceDecl[]): ResourceDecl[] {
  const out = [...registry];
  for (const f of fixtures) if (!registryHas(out, f)) out.push(f);
  return out;
}

/** The registry's declaration named `name`: a fixture's, or the registry's own when it declares one itself. */
export function declared(registry: readonly ResourceDecl[], name: string): ResourceDecl {
  const d = registry.find((r) => r.name === name);
  if (!d) throw new Error(`No declared resource "${name}" in the test's registry.`);
  return d;
}

/**
 * The generated tables module of a test build: the real one (`npm run db:generate`'s) with the fixtures'
 * tables added where it has none of that name — the real one stays.
 */
export const withFixtureTables = <T extends Record<string, unknown>>(real: T, fixtures: Record<string, unknown>) => ({
  ...fixtures,
  ...real,
});

/** The tables a test build adds to the real generated module (those a test database must be given). */
export const addedTables = (built: Record<string, unknown>, real: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(built).filter(([name]) => !(name in real)));
