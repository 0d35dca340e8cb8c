// Shared harness of the form screen tests: react-admin's AdminContext with the real dataProvider and
// English catalogue (a missing olympus.* key throws), a MemoryRouter with the screens' routes and a
// location read-out, and fetch stubbed at the HTTP boundary (auth-test-utils' stubApi).
import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { notifyManager, QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AdminContext, memoryStore } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { vi } from 'vitest';
import { dataProvider } from '../../providers/dataProvider';
import { authStore } from '../../providers/store';
import { en } from '../../src/i18n';

export { deferred, fakeDelays, stubApi, type ApiCall, type Handler, type Reply } from './auth-test-utils';

// react-query batches its notifications with setTimeout(0), which fake timers would hold back;
// microtasks keep the screens updating while the screens' fixed delays stay under the test's control.
notifyManager.setScheduler(queueMicrotask);

export const i18nProvider = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: false,
  onMissingKey: (key: string) => {
    if (key.startsWith('olympus.')) throw new Error(`Missing translation for key: "${key}"`);
    return key;
  },
});

function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export type Screens = Record<string, ReactElement>;

/** Renders the screens (path → element) with the browser at `url`; other paths render "Elsewhere". */
export function renderScreens(screens: Screens, url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        queryClient={queryClient}
      >
        <Routes>
          {Object.entries(screens).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <LocationDisplay />
      </AdminContext>
    </MemoryRouter>,
  );
}

/** Path and query the router is at now. */
export const currentUrl = () => screen.getByTestId('location').textContent;

/** jsdom has no scrollIntoView: a spy in its place. */
export function spyScrollIntoView() {
  const spy = vi.fn();
  Element.prototype.scrollIntoView = spy;
  return spy;
}

export function signedIn(companyName = 'Acme Lettings') {
  authStore.set({ access_token: 'tok-forms', currentCompany: 'c-acme', currentCompanyName: companyName });
}
