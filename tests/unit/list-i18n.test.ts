// The list screens' texts: every olympus.* key named in resources/ and src/lists/ exists, and the
// fixed texts are verbatim.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../providers/i18nProvider';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const t = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);

describe('list texts', () => {
  it('holds every olympus.* key named in resources/ and src/lists/', () => {
    const keys = new Set<string>(['first', 'previous', 'next', 'last'].map((k) => `olympus.lists.pagination.${k}`));
    for (const file of [...sourceFiles('resources'), ...sourceFiles('src/lists')]) {
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`](olympus\.[a-z_]+(?:\.[a-z_]+)+)['"`]/g))
        keys.add(m[1]);
    }
    expect(keys.size).toBeGreaterThan(40);
    expect([...keys].filter((k) => t(k) === k)).toEqual([]);
  });

  it('keeps the fixed texts verbatim', () => {
    const u = (k: string) => t(`olympus.lists.users.${k}`);
    const r = (k: string) => t(`resources.users.${k}`);
    expect([r('list.create'), u('view_all'), r('list.edit'), r('list.remove')]).toEqual([
      'Create a User',
      'View All Users',
      'Edit User',
      'Remove User',
    ]);
    expect(['fields.name', 'fields.email', 'fields.systems', 'fields.roles'].map(r)).toEqual([
      'Name',
      'Email',
      'System Access',
      'System Roles',
    ]);
    expect(['confirm_title', 'confirm_text', 'confirm_yes', 'confirm_no'].map(u)).toEqual([
      'Are you sure?',
      'You will not be able to recover this user',
      'Yes, delete the user',
      'No, keep the user',
    ]);
    expect(['deleted_title', 'deleted_text', 'error_title'].map(u)).toEqual([
      'Deleted!',
      'The user has been deleted.',
      'Error',
    ]);
    expect(t('resources.company.fields.name')).toBe('Company name');
    expect(t('resources.company.list.search')).toBe('by Company Name');
    // Companies, units and properties are declared resources: their texts are resources.{spa}.*
    // (src/i18n/en/resources.ts).
    expect(
      [
        'fields.name',
        'fields.unit_type',
        'fields.property',
        'fields.bedrooms',
        'fields.bathrooms',
        'list.edit',
        'list.remove',
      ].map((k) => t(`resources.unit.${k}`)),
    ).toEqual(['Unit Name', 'Unit Type', 'Property', 'Bedrooms', 'Bathrooms', 'Edit Unit', 'Remove Unit']);
    expect(['title', 'create', 'search'].map((k) => t(`resources.unit.list.${k}`))).toEqual([
      'Units',
      'Create a Unit',
      'Search Unit Types',
    ]);
    expect(
      ['fields.name', 'fields.company', 'fields.address', 'list.edit', 'list.title', 'list.create', 'list.search'].map(
        (k) => t(`resources.property.${k}`),
      ),
    ).toEqual(['Name', 'Company', 'Address', 'Edit', 'Properties', 'Create a Property', 'Search Properties']);
    expect(
      ['fields.label', 'list.title', 'list.create', 'list.search', 'list.edit', 'list.remove'].map((k) =>
        t(`resources.roles.${k}`),
      ),
    ).toEqual(['Role', 'Roles', 'Create a Role', 'Search Roles', 'Edit Role', 'Remove Role']);
    expect(t('olympus.lists.remove.confirm')).toBe('Are you sure you want to delete this item?');
    expect(t('olympus.lists.remove.failed')).toBe('Could not delete the Item');
    expect(t('olympus.lists.notice.deleting')).toBe('Deleting ...');
    expect(t('olympus.lists.company_line', { name: 'Acme' })).toBe('Company: Acme');
  });
});
