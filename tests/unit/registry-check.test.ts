// The registry's own check (contract/resources/registryCheck.ts): a reference to a resource that is not
// declared is named with the field and the nearest declared name; the real registry is sound.
import { describe, expect, it } from 'vitest';
import { declareResource, ref, text } from '../../contract/resources/declare';
import { registryProblems } from '../../contract/resources/registryCheck';
import { DECLARED_RESOURCES } from '../../contract/resources';

const withRef = (to: string) =>
  declareResource({
    name: 'lockers',
    spa: 'locker',
    noun: { one: 'locker', many: 'lockers' },
    area: 'properties',
    tenancy: 'scoped',
    fields: { name: text('Name', { required: true }), property_id: ref('Property', to, 'property') },
    list: { columns: ['name'], sort: ['name'], search: ['name'] },
  });

describe('registryProblems', () => {
  it('finds nothing wrong with the declared resources', () => {
    expect(registryProblems(DECLARED_RESOURCES)).toEqual([]);
  });

  it('names a misspelt reference, its field and the nearest declared resource', () => {
    const problems = registryProblems([...DECLARED_RESOURCES, withRef('propertys')]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^Resource "lockers": field "property_id" refers to "propertys", which is not a declared resource \(did you mean "properties"\? valid: /,
    );
  });

  it('accepts a reference to a resource declared in the same registry', () => {
    expect(registryProblems([...DECLARED_RESOURCES, withRef('properties')])).toEqual([]);
  });
});
