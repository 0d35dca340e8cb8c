// A declared resource with no hooks needs no server file: the server binds it to the table
// server/db/schema.ts derives from it (server/crud/plainBindings.ts).
import { describe, expect, it } from 'vitest';
import { declareResource, group, ref, text } from '../../contract/resources/declare';
import { companyResource } from '../../contract/resources/companies';
import { unitResource } from '../../contract/resources/units';
import { DECLARED_RESOURCES } from '../../contract/resources';
import { plainCrud } from '../../server/crud/plainBindings';
import { crudOf } from '../../server/crud/resourceRoutes';
import { companyCrud } from '../../server/companies/binding';

const lockers = declareResource({
  name: 'lockers',
  spa: 'locker',
  noun: { one: 'locker', many: 'lockers' },
  area: 'properties',
  tenancy: 'scoped',
  fields: group('Locker', {
    name: text('Name', { required: true }),
    property_id: ref('Property', 'properties', 'property'),
  }),
  list: { columns: ['name', 'property'], sort: ['name'], search: ['name'] },
});

describe('declared resources without a binding of their own', () => {
  it('are bound to the schema’s table of their name, their references to the tables of the resources they name', () => {
    expect(plainCrud(companyResource).decl).toBe(companyResource);
    const crud = plainCrud(unitResource);
    expect(crud.decl.name).toBe('units');
    expect(typeof crud.routes).toBe('function');
  });

  it('are what serves every declared resource without server/<name>/binding.ts; a binding there is found by the name', async () => {
    expect(await crudOf(companyResource)).toBe(companyCrud);
    // No server/lockers/: the generic binding, which looks for its derived table.
    await expect(crudOf(lockers)).rejects.toThrow(/Resource "lockers": there is no table "lockers"/);
    // What needs a hook (computed columns, a checkbox list's link table) is refused without one, by name.
    const property = DECLARED_RESOURCES.find((d) => d.name === 'properties')!;
    expect(() => plainCrud(property)).toThrow(
      'Resource "properties": computed column "company" is declared, but the binding\'s computed hook has no "company"',
    );
    // A binding file must bind its own declaration.
    await expect(crudOf({ ...companyResource })).rejects.toThrow(
      'server/companies/binding.ts must `export default defineCrud(<the companies declaration>, …)`',
    );
  });

  it('stop the start when there is no table for one, saying what to run', () => {
    expect(() => plainCrud(lockers)).toThrow(
      /Resource "lockers": there is no table "lockers"; run `npm run db:generate -- --name lockers` to derive it and write its migration \(valid: /,
    );
  });
});
