// The navigation and access rules (access.test.ts) and a declaration's conventions (declared-conventions.test.tsx)
// hold in a build that declares a throw-away resource with a new area and one in a built-in area with a menu
// item of its own: their expectations come from the declarations, so a resource added later cannot break
// them. Importing those files runs their tests here, against this file's registry.
import { describe, expect, it, vi } from 'vitest';
import { AREA, areaForPath, mayOpenArea } from '../../contract/access';
import { DEFAULT_GRANTS, PERMISSIONS } from '../../contract/permissions';
import { groupPermissions } from '../../contract/permissionGroups';
import { NAV_AREAS, visibleNavItems } from '../../src/layout/navItems';
import './access.test';
import './declared-conventions.test';

vi.mock('../../contract/resources', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../contract/resources')>();
  const { cogResource, sprocketResource } = await import('../support/throwaway-area-declaration');
  const { inspectionTypeResource } = await import('../support/inspection-type-declaration');
  const { withFixtures } = await import('../support/fixture-registry');
  // The inspection types too: declared-conventions.test.tsx's tests are about them.
  return {
    ...real,
    DECLARED_RESOURCES: withFixtures(real.DECLARED_RESOURCES, sprocketResource, cogResource, inspectionTypeResource),
  };
});

describe('a build declaring a throw-away area and resource', () => {
  it('puts their menu items where their declarations say, seen by whoever they say', () => {
    const keys = NAV_AREAS.map((a) => a.key);
    expect(keys.indexOf('zz_sprockets')).toBe(keys.indexOf('users') + 1);
    expect(keys.indexOf('zz_cog')).toBeGreaterThan(keys.indexOf('properties'));
    expect(keys.indexOf('zz_cog')).toBeLessThan(keys.indexOf('companies'));
    const nav = (role: string) => visibleNavItems({ role, permissions: [] }).map((a) => a.key);
    expect(nav('admin')).toEqual(expect.arrayContaining(['zz_sprockets', 'zz_cog']));
    expect(nav('system_user')).toEqual([]);
  });

  it('gives the new area its route rules, permissions, role-editor group and admin defaults', () => {
    expect(areaForPath('/dashboard/zz_sprocket/3/edit')?.key).toBe('zz_sprockets');
    expect(areaForPath('/dashboard/zz_cog')?.key).toBe('properties');
    expect(mayOpenArea(AREA.zz_sprockets, { role: 'system_user', permissions: [] })).toBe(false);
    expect(mayOpenArea(AREA.zz_sprockets, { role: 'admin', permissions: [] })).toBe(true);
    expect(PERMISSIONS.filter((p) => p.name.startsWith('zz_sprockets.')).map((p) => p.name)).toEqual([
      'zz_sprockets.*',
      'zz_sprockets.view',
      'zz_sprockets.create',
      'zz_sprockets.update',
      'zz_sprockets.delete',
    ]);
    const groups = groupPermissions(PERMISSIONS).map((g) => g.title);
    expect(groups).toContain('Zz Sprockets');
    expect(groups.at(-1)).toBe('Systems');
    expect(DEFAULT_GRANTS.admin).toContain('zz_sprockets.view');
    expect(DEFAULT_GRANTS.super_admin).toContain('zz_sprockets.*');
  });
});
