// The shell's navigation through the real App (shell-layout.test.tsx, shell-app.test.tsx) holds in a build
// that declares a throw-away resource with a new area and one in a built-in area with a menu item of its own
// (tests/support/throwaway-area-declaration.ts): the expected menus come from the declarations, so a resource
// added later cannot break them. Importing those files runs their tests here, against this file's registry.
import { expect, it, vi } from 'vitest';
import { expectedNav } from './shell-harness';
import './shell-layout.test';
import './shell-app.test';

vi.mock('../../contract/resources', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../contract/resources')>();
  const { cogResource, sprocketResource } = await import('../support/throwaway-area-declaration');
  const { withFixtures } = await import('../support/fixture-registry');
  return { ...real, DECLARED_RESOURCES: withFixtures(real.DECLARED_RESOURCES, sprocketResource, cogResource) };
});

it('expects the throw-away items in their declared places among the original ones', () => {
  const nav = expectedNav(['Home', 'Users', 'Properties'], { role: 'admin', permissions: [] });
  expect(nav.filter((l) => ['Home', 'Users', 'Sprockets', 'Properties', 'Cogs'].includes(l))).toEqual([
    'Home',
    'Users',
    'Sprockets',
    'Properties',
    'Cogs',
  ]);
});
