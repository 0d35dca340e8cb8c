// Persisted state: auth and UI preferences in local storage, under our own keys so that
// react-admin's sign-out (which wipes its RaStore* keys) and authStore.reset() keep resultsPerPage.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { localStorageStore } from 'react-admin';

async function freshModule() {
  vi.resetModules();
  return import('../../providers/store');
}

describe('persisted stores', () => {
  beforeEach(() => localStorage.clear());

  it('starts from the defaults (10 per page, loading, signed out)', async () => {
    const { authStore, uiStore } = await freshModule();
    expect(uiStore.get()).toEqual({ resultsPerPage: '10', isLoadingSite: true, loadingText: '' });
    expect(authStore.get()).toEqual({
      access_token: null,
      session: null,
      username: null,
      currentCompany: null,
      currentCompanyName: null,
      user: null,
    });
  });

  it('writes to local storage and reads it back on the next page load', async () => {
    const first = await freshModule();
    first.authStore.set({ access_token: 't-1', currentCompany: 'c-1', currentCompanyName: 'Acme' });
    first.uiStore.set({ resultsPerPage: '30' });
    expect(JSON.parse(localStorage.getItem('olympus.auth') ?? '{}')).toMatchObject({
      access_token: 't-1',
      currentCompany: 'c-1',
    });

    const second = await freshModule();
    expect(second.authStore.get()).toMatchObject({
      access_token: 't-1',
      currentCompany: 'c-1',
      currentCompanyName: 'Acme',
    });
    expect(second.uiStore.get().resultsPerPage).toBe('30');
  });

  it('keeps resultsPerPage through sign-out: authStore.reset() and react-admin store reset', async () => {
    const { authStore, uiStore } = await freshModule();
    authStore.set({ access_token: 't-1' });
    uiStore.set({ resultsPerPage: '40' });
    const raStore = localStorageStore(undefined, 'Olympus');
    raStore.setup();
    raStore.setItem('sidebar.open', false);
    authStore.reset();
    raStore.reset();
    expect(authStore.get().access_token).toBeNull();
    expect(uiStore.get().resultsPerPage).toBe('40');
    expect(JSON.parse(localStorage.getItem('olympus.ui') ?? '{}').resultsPerPage).toBe('40');
  });

  it('notifies subscribers and follows another tab', async () => {
    const { authStore } = await freshModule();
    const seen: Array<string | null> = [];
    const off = authStore.subscribe(() => seen.push(authStore.get().access_token));
    authStore.set({ access_token: 'a' });
    localStorage.setItem('olympus.auth', JSON.stringify({ access_token: 'b' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'olympus.auth' }));
    off();
    authStore.set({ access_token: 'c' });
    expect(seen).toEqual(['a', 'b']);
  });

  it('keeps a value equal to the stored one as that same object, and tells no one of a change that changes nothing', async () => {
    const { authStore } = await freshModule();
    const user = { id: 'u-1', roles: ['admin'], companies: [{ uuid: 'c-1', name: 'Acme' }] };
    authStore.set({ user: user as never, currentCompany: 'c-1' });
    const stored = authStore.get().user;
    let told = 0;
    const off = authStore.subscribe(() => (told += 1));
    // The session user refreshed at a page load, unchanged: a new object, equal.
    authStore.set({ user: structuredClone(user) as never, currentCompany: 'c-1' });
    expect(authStore.get().user).toBe(stored);
    expect(told).toBe(0);
    // Changed: the new value, and the parts that did not change kept.
    authStore.set({ user: { ...structuredClone(user), roles: ['manager'] } as never });
    expect(authStore.get().user).not.toBe(stored);
    expect((authStore.get().user as unknown as typeof user).roles).toEqual(['manager']);
    expect((authStore.get().user as unknown as typeof user).companies).toBe(stored?.companies);
    expect(JSON.parse(localStorage.getItem('olympus.auth') ?? '{}').user.roles).toEqual(['manager']);
    expect(told).toBe(1);
    off();
  });

  it('falls back to the defaults when storage holds garbage', async () => {
    localStorage.setItem('olympus.ui', '{not json');
    const { uiStore } = await freshModule();
    expect(uiStore.get().resultsPerPage).toBe('10');
  });
});
