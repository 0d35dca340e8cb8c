// Two resources declared only for tests/unit/throwaway-area.test.ts and tests/server/throwaway-area.test.ts:
// one bringing a new area with a menu item between Users and Roles and admin defaults, one in a built-in
// area (properties) with a menu item of its own after Properties. Names no README or doc proposes, so a
// newcomer's real resources never clash with them; the suites that hold the navigation, access and role
// rules run again in a build that declares them, so a resource added later cannot break those rules.
import { declareResource, newArea, text } from '../../contract/resources/declare';

export const sprocketResource = declareResource({
  name: 'zz_sprockets',
  spa: 'zz_sprocket',
  noun: { one: 'sprocket', many: 'sprockets' },
  area: newArea('zz_sprockets', { nav: { order: 25 }, defaults: { admin: ['zz_sprockets.view'] } }),
  tenancy: 'scoped',
  fields: { name: text('Sprocket name', { required: true }) },
  list: { columns: ['name'], sort: ['name'], search: ['name'] },
});

export const cogResource = declareResource({
  name: 'zz_cogs',
  spa: 'zz_cog',
  noun: { one: 'cog', many: 'cogs' },
  area: 'properties',
  nav: { order: 42 },
  tenancy: 'scoped',
  fields: { name: text('Cog name', { required: true }) },
  list: { columns: ['name'], sort: ['name'], search: ['name'] },
});
