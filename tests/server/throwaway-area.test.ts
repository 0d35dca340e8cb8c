// The role and session suites (resources-roles.test.ts, session.test.ts) hold in a build that declares a
// throw-away resource with a new area (admin defaults among its grants, a group in the role editor) and one
// in a built-in area (tests/support/throwaway-area-declaration.ts): their expectations come from the
// declarations and catalogues, so a resource added later cannot break them. Importing those files runs
// their tests here, against this file's registry and tables.
import { expect, it, vi } from 'vitest';
import { DEFAULT_GRANTS } from '../../contract/permissions';
import './resources-roles.test';
import './session.test';

vi.mock('../../contract/resources', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../contract/resources')>();
  const { cogResource, sprocketResource } = await import('../support/throwaway-area-declaration');
  const { withFixtures } = await import('../support/fixture-registry');
  return { ...real, DECLARED_RESOURCES: withFixtures(real.DECLARED_RESOURCES, sprocketResource, cogResource) };
});
vi.mock('../../server/db/declaredTables', async (importOriginal) => {
  const real = await importOriginal<Record<string, unknown>>();
  const { declaredTable } = await import('../../server/db/declaredTable');
  const { companies } = await import('../../server/db/schema');
  const { cogResource, sprocketResource } = await import('../support/throwaway-area-declaration');
  const { withFixtureTables } = await import('../support/fixture-registry');
  return withFixtureTables(real, {
    zzSprockets: declaredTable(sprocketResource, { companies: () => companies.id }),
    zzCogs: declaredTable(cogResource, { companies: () => companies.id }),
  });
});

it('declares the throw-away area, with its admin default, in this build', () => {
  expect(DEFAULT_GRANTS.admin).toContain('zz_sprockets.view');
});
