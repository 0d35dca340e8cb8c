// Conventions a newcomer's declaration gets without asking (docs/resources.md): "an" before a vowel
// in its derived texts, "Yes"/"No" for a checkbox in its list, and a navigation item of its own in a
// built-in area when it declares `nav`, shown to whoever sees that area's item.
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nContextProvider, ResourceContextProvider } from 'ra-core';
import { FilterInput } from '../../src/lists/FilterInput';
import { declareResource, text } from '../../contract/resources/declare';
import { inspectionTypeResource } from '../support/inspection-type-declaration';
import { declaredTexts, fieldKey } from '../../src/declared/texts';
import { declaredColumns } from '../../src/declared/columns';
import { i18nProvider } from '../../providers/i18nProvider';
import { visibleNavItems } from '../../src/layout/navItems';
import { RESOURCE_NAV } from '../../contract/access';

// Its one registration line, as the registry would hold it.
vi.mock('../../contract/resources', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../contract/resources')>();
  const { inspectionTypeResource: types } = await import('../support/inspection-type-declaration');
  const { withFixtures } = await import('../support/fixture-registry');
  return { ...real, DECLARED_RESOURCES: withFixtures(real.DECLARED_RESOURCES, types) };
});

const inspectionTypes = inspectionTypeResource;
/** The built-in navigation items in their order (SPEC's six, then the audit log). */
const BUILT_IN_NAV = ['home', 'users', 'roles', 'properties', 'companies', 'reports', 'audit'];

describe('conventions of a declaration', () => {
  it('says "an" before a vowel and "a" before a consonant or a "u" that sounds "you"', () => {
    expect(declaredTexts(inspectionTypes).list.create).toBe('Create an Inspection Type');
    const named = (noun: { one: string; many: string; article?: 'a' | 'an' }) =>
      declareResource({
        name: 'x',
        spa: 'x',
        noun,
        area: 'units',
        tenancy: 'global',
        fields: { name: text('Name') },
        list: { columns: ['name'], sort: ['name'], search: ['name'] },
      });
    expect(declaredTexts(named({ one: 'unit', many: 'units' })).list.create).toBe('Create a Unit');
    expect(declaredTexts(named({ one: 'entry', many: 'entries' })).list.create).toBe('Create an Entry');
    expect(declaredTexts(named({ one: 'hour', many: 'hours', article: 'an' })).form.create_title).toBe(
      'Create an Hour',
    );
  });

  it("heads a field's column and names its filter with the form's label, in sentence case, so list and form agree", () => {
    const t = (key: string) => i18nProvider.translate(key);
    for (const [key, f] of Object.entries(inspectionTypes.fields))
      expect(t(fieldKey('inspection_type', key))).toBe(f.label);
    expect(t(fieldKey('inspection_type', 'interval_months'))).toBe('Interval in months');
    // Headings the product's own texts give stay as given ("Units: columns Unit Name, Unit Type, …").
    expect(t(fieldKey('unit', 'name'))).toBe('Unit Name');
  });

  it('shows a checkbox field as Yes or No in the list, while the CSV keeps the boolean', () => {
    const column = declaredColumns(inspectionTypes).find((c) => c.source === 'certificate_required')!;
    render(
      <I18nContextProvider value={i18nProvider}>
        <span data-testid="yes">{column.render!({ id: '1', certificate_required: true })}</span>
        <span data-testid="no">{column.render!({ id: '2', certificate_required: false })}</span>
      </I18nContextProvider>,
    );
    expect(screen.getByTestId('yes').textContent).toBe('Yes');
    expect(screen.getByTestId('no').textContent).toBe('No');
    expect(column.value).toBeUndefined();
  });

  it('gives a resource in a built-in area its own navigation item, seen by whoever sees the area', () => {
    expect(RESOURCE_NAV.filter((a) => a.key === 'inspection_type')).toEqual([
      {
        key: 'inspection_type',
        path: '/dashboard/inspection_type',
        nav: 'resources.inspection_type.list.title',
        navOrder: 55,
        navLevel: 'super_admin',
        barred: ['system_user', 'admin'],
      },
    ]);
    // The built-in items and this one (items other declarations bring may stand between them).
    const nav = (role: string) =>
      visibleNavItems({ role, permissions: [] })
        .map((a) => a.key)
        .filter((k) => BUILT_IN_NAV.includes(k) || k === 'inspection_type');
    expect(nav('super_admin')).toEqual([
      'home',
      'users',
      'roles',
      'properties',
      'companies',
      'inspection_type',
      'reports',
      'audit',
    ]);
    expect(nav('admin')).toEqual(['home', 'users', 'properties']);
  });

  it("shows a labelled choice's options by their labels in the filter bar, as the list's cells do", () => {
    render(
      <I18nContextProvider value={i18nProvider}>
        <ResourceContextProvider value="report">
          <FilterInput
            filter={{
              kind: 'choice',
              key: 'provider',
              field: 'provider',
              param: 'provider',
              options: ['builtin', 'powerbi'],
            }}
            label="Provider"
            values={{ provider: 'powerbi' }}
            set={() => {}}
            wide={false}
          />
        </ResourceContextProvider>
      </I18nContextProvider>,
    );
    expect(screen.getByRole('combobox', { name: 'Provider' }).textContent).toBe('Power BI');
  });
});
