// react-admin's own preferences (sidebar, list columns) in local storage. Sign-out wipes them; Olympus's own
// state lives in ./store.ts.
import { localStorageStore, type Store } from 'ra-core';
import { i18nProvider } from './i18nProvider';

const preferences = localStorageStore(undefined, 'Olympus');

/**
 * With no locale stored, the locale reads as the i18n provider's own: react-admin's i18n context renders
 * nothing until the stored locale matches the provider's, then everything a render later (docs/speed.md
 * "Rendering"). Olympus has the one locale.
 */
export const adminStore: Store = {
  ...preferences,
  getItem: <T>(key: string, fallback?: T) =>
    preferences.getItem<T>(
      key,
      key === 'locale' && fallback === undefined ? (i18nProvider.getLocale() as T) : fallback,
    ),
};
