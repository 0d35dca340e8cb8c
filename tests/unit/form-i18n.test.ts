// The texts of the create and edit screens: every key the screens build exists, and the fixed texts
// are verbatim.
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../providers/i18nProvider';
import { formTexts } from '../../src/declared/texts';

const t = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);

describe('form texts', () => {
  it('has every key of each entity the screens use', () => {
    // The declared resources' screens (src/declared/declared.tsx).
    for (const spa of ['users', 'company', 'property', 'unit', 'roles']) {
      for (const key of Object.values(formTexts(spa))) expect(t(key), key).not.toBe(key);
    }
  });

  it('keeps the fixed texts verbatim', () => {
    expect(t('olympus.forms.unknown_field')).toBe(
      'Sorry, an error occurred with this field. Please contact your administrator.',
    );
    expect(t('olympus.forms.redirecting', { message: 'The unit has been updated' })).toBe(
      'The unit has been updated. Redirecting...',
    );
    expect(t('olympus.forms.validation.summary_many')).toBe('The highlighted fields are required.');
    expect(t('olympus.forms.error.generic')).toBe('There was an error');
    expect(t('olympus.forms.error.all_fields_required')).toBe('All fields are required');
    expect(t(formTexts('roles').createSubmit)).toBe('Create Role');
    expect(t(formTexts('roles').editSubmit)).toBe('Update Role');
    expect(t('olympus.forms.integration.title', { integration: 'Xero' })).toBe('Edit Xero');
    expect(t('olympus.forms.integration.submit', { integration: 'Xero' })).toBe('Update Xero');
    expect(t('olympus.forms.company.properties')).toBe('Properties');
    expect(t('olympus.forms.property.units')).toBe('Units');
    const failed = (e: string) => {
      const texts = formTexts(e);
      return [t(texts.createFailed), t(texts.updateFailed)];
    };
    const failures = ['users', 'company', 'property', 'unit', 'roles'].flatMap(failed);
    expect(failures).toEqual([
      'Could not create the user',
      'Could not update the user',
      'Could not create the company',
      'Could not update the company',
      'Could not create the property',
      'Could not update the property',
      'Could not create the unit',
      'Could not update the unit',
      'Could not create the role',
      'Could not update the role',
    ]);
  });
});
