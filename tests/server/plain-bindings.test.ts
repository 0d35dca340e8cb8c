// A declared resource with no hooks needs no server file: the server binds it to the table
// server/db/schema.ts derives from it (server/crud/plainBindings.ts).
import { describe, expect, it } from 'vitest';
import { declareResource, group, ref, text } from '../../contract/resources/declare';
import { companyResource } from '../../contract/resources/companies';
import { unitResource } from '../../contract/resources/units';
import { DECLARED_RESOURCES } from '../../contract/resources';
import { plainCrud } from '../../server/crud/plainBindings';
import { crudOf } from '../../server/crud/resourceRoutes';
import { BINDINGS } from '../../server/crud/bindings';
import { DeclarationError } from '../../contract/resources/registryCheck';
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

  it('are what serves every declared resource the bindings map does not name; a named one is its binding', () => {
    expect(crudOf(companyResource)).toBe(companyCrud);
    // No server/lockers/: the generic binding, which looks for its derived table.
    expect(() => crudOf(lockers)).toThrow(/Resource "lockers": there is no table "lockers"/);
    // What needs a hook (computed columns, a checkbox list's link table) is refused without one, by name.
    const property = DECLARED_RESOURCES.find((d) => d.name === 'properties')!;
    expect(() => plainCrud(property)).toThrow(
      'Resource "properties": computed column "company" is declared, but the binding\'s computed hook has no "company"',
    );
    // The map's entry must bind its own declaration.
    expect(() => crudOf({ ...companyResource })).toThrow(
      'server/crud/bindings.ts: "companies" must be `defineCrud(<the companies declaration>, …)`',
    );
  });

  it('stop the start, in one line naming the map, when server/<name>/binding.ts exists but the map leaves it out', () => {
    // server/sso/binding.ts exists (the SSO browser binding): as a declared resource's file, it would be unused.
    const sso = { ...lockers, name: 'sso' };
    let refusal: unknown;
    try {
      crudOf(sso);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(DeclarationError);
    expect((refusal as Error).message).toBe(
      'server/sso/binding.ts is not used: add `sso: <its export>,` to BINDINGS in server/crud/bindings.ts (docs/resources.md "Binding and hooks")',
    );
  });

  it('each binding in the map is the one of the declared resource it is named for', () => {
    for (const [name, crud] of Object.entries(BINDINGS))
      expect(crud.decl, name).toBe(DECLARED_RESOURCES.find((d) => d.name === name));
  });

  it('stop the start when there is no table for one, saying what to run', () => {
    expect(() => plainCrud(lockers)).toThrow(
      /Resource "lockers": there is no table "lockers"; run `npm run db:generate -- --name lockers` to derive it and write its migration \(valid: /,
    );
  });
});
