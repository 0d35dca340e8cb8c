// The role edit screen's grouping: the text before the first dot, title-cased, in catalogue order.
import { describe, expect, it } from 'vitest';
import { groupPermissions, permissionPrefix, titleCase } from '../../resources/roles/permissionGroups';

describe('permission groups', () => {
  it('takes the text before the first dot', () => {
    expect(permissionPrefix('users.create')).toBe('users');
    expect(permissionPrefix('reports.view.all')).toBe('reports');
    expect(permissionPrefix('users.*')).toBe('users');
  });

  it('title-cases the group', () => {
    expect(titleCase('users')).toBe('Users');
    expect(titleCase('property_units')).toBe('Property Units');
    expect(titleCase('view-all')).toBe('View All');
  });

  it('groups in catalogue order, keeping each permission', () => {
    const groups = groupPermissions([
      { name: 'users.*', label: 'All' },
      { name: 'reports.access', label: 'Reports' },
      { name: 'users.view', label: 'View' },
    ]);
    expect(groups.map((g) => [g.title, g.permissions.map((p) => p.name)])).toEqual([
      ['Users', ['users.*', 'users.view']],
      ['Reports', ['reports.access']],
    ]);
  });
});
