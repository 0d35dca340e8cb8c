// The current navigation item is highlighted by path prefix; Home only on /dashboard exactly.
import { describe, expect, it } from 'vitest';
import { isCurrentNavItem, NAV_AREAS } from '../../src/layout/navItems';
import { DECLARED_RESOURCES } from '../../contract/resources';

describe('isCurrentNavItem', () => {
  it('marks Home on the exact dashboard path only', () => {
    expect(isCurrentNavItem('/dashboard', '/dashboard')).toBe(true);
    expect(isCurrentNavItem('/dashboard', '/dashboard/')).toBe(true);
    expect(isCurrentNavItem('/dashboard', '/dashboard/users')).toBe(false);
  });
  it('marks an item on its path and below', () => {
    expect(isCurrentNavItem('/dashboard/users', '/dashboard/users')).toBe(true);
    expect(isCurrentNavItem('/dashboard/users', '/dashboard/users/create')).toBe(true);
    expect(isCurrentNavItem('/dashboard/users', '/dashboard/users/u-1/edit')).toBe(true);
    expect(isCurrentNavItem('/dashboard/users', '/dashboard/roles')).toBe(false);
  });
  it('matches by plain prefix only', () => {
    expect(isCurrentNavItem('/dashboard/company', '/dashboard/company/c-1/edit')).toBe(true);
    // 'companies' does not extend 'company' (…y vs …ies): the integration edit route highlights no item.
    expect(isCurrentNavItem('/dashboard/company', '/dashboard/companies/c-1/integrations/everest/edit')).toBe(false);
    expect(isCurrentNavItem('/dashboard/property', '/dashboard/unit/1/edit')).toBe(false);
  });
  it('marks an area leading to its overview page on its resources’ screens too', () => {
    const withPage = DECLARED_RESOURCES.filter((d) => typeof d.area !== 'string' && d.area.nav && d.area.nav.page);
    expect(withPage.length).toBeGreaterThan(0);
    for (const d of withPage) {
      const item = NAV_AREAS.find((a) => typeof d.area !== 'string' && a.key === d.area.key);
      expect(item?.path).not.toBe(`/dashboard/${d.spa}`);
      expect(isCurrentNavItem(item!.path, item!.path)).toBe(true);
      expect(isCurrentNavItem(item!.path, `/dashboard/${d.spa}`)).toBe(true);
      expect(isCurrentNavItem(item!.path, `/dashboard/${d.spa}/c-1/edit`)).toBe(true);
      expect(isCurrentNavItem(item!.path, `/dashboard/${d.spa}x`)).toBe(false);
      expect(isCurrentNavItem(item!.path, '/dashboard/property')).toBe(false);
    }
  });
});
