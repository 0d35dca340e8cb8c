// The access table (contract/access.ts) as the SPA reads it: navigation filter and route rules.
import { describe, expect, it } from 'vitest';
import { AREA, areaForPath, mayOpenArea, showsInNavigation, type AreaKey, type Viewer } from '../../contract/access';
import { AREA_LIST } from '../../contract/areas';
import { DECLARED_RESOURCES } from '../../contract/resources';
import { NAV_AREAS, visibleNavItems } from '../../src/layout/navItems';

const v = (role: string | null, permissions: string[] = []): Viewer => ({ role, permissions });
const labels = (viewer: Viewer | null) => visibleNavItems(viewer).map((a) => a.key);
/** Every item: the six the product began with, the audit log, and any a declaration brings, in their places. */
const EVERY_ITEM = NAV_AREAS.map((a) => a.key);
/** The built-in items in their order: SPEC's six, then the audit log after Reports. */
const BUILT_IN = ['home', 'users', 'roles', 'properties', 'companies', 'reports', 'audit'];
/** The built-in items of a list, in its order: a declared resource's or area's item does not change these rules. */
const builtIn = (keys: readonly string[]) => keys.filter((k) => BUILT_IN.includes(k));

describe('navigation filter', () => {
  it('shows everything with no user or no role', () => {
    expect(builtIn(EVERY_ITEM)).toEqual(BUILT_IN);
    // Declared items stand where their navOrder puts them among the built-in ones (10, 20, …).
    expect(NAV_AREAS.filter((a) => BUILT_IN.includes(a.key)).map((a) => a.navOrder)).toEqual(
      BUILT_IN.map((_, i) => (i + 1) * 10),
    );
    const orders = NAV_AREAS.map((a) => a.navOrder ?? 1000);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(labels(null)).toEqual(EVERY_ITEM);
    expect(labels(v(null))).toEqual(EVERY_ITEM);
  });
  it('shows everything to super_admin', () => {
    expect(labels(v('super_admin'))).toEqual(EVERY_ITEM);
  });
  it('shows the audit log to holders of audit.view, after Reports', () => {
    expect(builtIn(EVERY_ITEM).indexOf('audit')).toBe(builtIn(EVERY_ITEM).indexOf('reports') + 1);
    expect(builtIn(labels(v('admin', ['audit.view'])))).toEqual(['home', 'users', 'properties', 'audit']);
    expect(builtIn(labels(v('admin', ['audit.*'])))).toEqual(['home', 'users', 'properties', 'audit']);
    expect(builtIn(labels(v('other', ['audit.view'])))).toEqual(['audit']);
  });
  it('shows admin Home, Users and Properties, plus Reports with the permission', () => {
    expect(builtIn(labels(v('admin')))).toEqual(['home', 'users', 'properties']);
    expect(builtIn(labels(v('admin', ['reports.access'])))).toEqual(['home', 'users', 'properties', 'reports']);
    expect(builtIn(labels(v('admin', ['reports.*'])))).toEqual(['home', 'users', 'properties', 'reports']);
  });
  it('shows system_user nothing but Reports with the permission', () => {
    expect(builtIn(labels(v('system_user')))).toEqual([]);
    expect(builtIn(labels(v('system_user', ['reports.access'])))).toEqual(['reports']);
  });
  it('shows an item whose required permission is held', () => {
    expect(showsInNavigation(AREA.reports, v('other', ['reports.access']))).toBe(true);
    expect(showsInNavigation(AREA.users, v('other', ['reports.access']))).toBe(false);
  });
});

describe('route rules', () => {
  const open = (role: string | null, key: AreaKey, permissions: string[] = []) =>
    mayOpenArea(AREA[key], v(role, permissions));

  it('bars system_user from users, companies, properties, units and roles', () => {
    for (const key of ['users', 'companies', 'properties', 'units', 'roles'] as const)
      expect(open('system_user', key)).toBe(false);
    expect(open('system_user', 'home')).toBe(true);
  });
  it('also bars admin from companies, integrations and roles, not from users, properties and units', () => {
    for (const key of ['companies', 'integrations', 'roles'] as const) expect(open('admin', key)).toBe(false);
    for (const key of ['users', 'properties', 'units'] as const) expect(open('admin', key)).toBe(true);
  });
  it('opens the audit log with audit.view or audit.*, to super_admin, never to system_user', () => {
    expect(open('admin', 'audit')).toBe(false);
    expect(open(null, 'audit')).toBe(false);
    expect(open('admin', 'audit', ['audit.view'])).toBe(true);
    expect(open('other', 'audit', ['audit.*'])).toBe(true);
    expect(open('system_user', 'audit', ['audit.view'])).toBe(false);
    expect(open('super_admin', 'audit')).toBe(true);
    expect(areaForPath('/dashboard/audit')?.key).toBe('audit');
  });
  it('opens reports with reports.* or reports.access, and to super_admin', () => {
    expect(open('admin', 'reports')).toBe(false);
    expect(open('admin', 'reports', ['reports.access'])).toBe(true);
    expect(open('system_user', 'reports', ['reports.*'])).toBe(true);
    expect(open('super_admin', 'reports')).toBe(true);
  });
  it('opens everything else to super_admin', () => {
    for (const key of ['users', 'companies', 'properties', 'units', 'roles', 'integrations'] as const)
      expect(open('super_admin', key)).toBe(true);
  });
});

describe('areaForPath', () => {
  it.each([
    ['/dashboard', undefined],
    ['/dashboard/users', 'users'],
    ['/dashboard/users/7/edit', 'users'],
    ['/dashboard/company/create', 'companies'],
    ['/dashboard/companies/c-1/integrations/everest/edit', 'integrations'],
    ['/dashboard/property', 'properties'],
    ['/dashboard/unit/3/edit', 'units'],
    ['/dashboard/roles/create', 'roles'],
    ['/dashboard/reports', 'reports'],
    ['/dashboard/nowhere', undefined],
  ])('%s → %s', (path, key) => {
    expect(areaForPath(path)?.key).toBe(key);
  });
});

describe('areas a declared resource names', () => {
  it('take their path and navigation item from the first declaration naming them, not from a list', () => {
    for (const a of AREA_LIST) {
      if ('path' in a) continue;
      const owner = DECLARED_RESOURCES.find((d) => d.area === a.key)!;
      expect(AREA[a.key].path).toBe(`/dashboard/${owner.spa}`);
      expect(areaForPath(`/dashboard/${owner.spa}/1/edit`)?.key).toBe(a.key);
      const item = NAV_AREAS.find((n) => n.key === a.key);
      if (owner.nav)
        expect(item).toMatchObject({ navOrder: owner.nav.order, nav: `resources.${owner.spa}.list.title` });
      else expect(item).toBeUndefined();
      // Its item is the area's, not a second one of the resource's.
      expect(NAV_AREAS.filter((n) => n.path === `/dashboard/${owner.spa}`)).toHaveLength(owner.nav ? 1 : 0);
    }
  });
});
