// ra-i18n-polyglot over the English catalogue. A missing key renders as itself (so a test that looks
// for the fixed text fails loudly) and, for our own olympus.* keys, is reported on the console.
// react-admin also passes plain sentences (e.g. server messages) through translate: those stay as is.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from '../src/i18n';

export function onMissingKey(key: string): string {
  if (key.startsWith('olympus.')) console.warn(`Missing translation for key: "${key}"`);
  return key;
}

export const i18nProvider = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: false,
  onMissingKey,
});
