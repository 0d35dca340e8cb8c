// Auth state and UI preferences persisted in local storage. Kept under our own keys,
// not react-admin's RaStore*, so resultsPerPage survives sign-out (resetStore wipes RaStore*).
import { useSyncExternalStore } from 'react';
import { replaceEqualDeep } from '@tanstack/react-query';
import type { SessionUser } from '../contract/types';

export interface PersistedStore<S> {
  get(): S;
  set(patch: Partial<S>): void;
  reset(): void;
  subscribe(listener: () => void): () => void;
}

export function createPersistedStore<S extends object>(key: string, defaults: S): PersistedStore<S> {
  const listeners = new Set<() => void>();
  const read = (): S => {
    try {
      const raw = localStorage.getItem(key);
      return raw ? { ...defaults, ...(JSON.parse(raw) as Partial<S>) } : { ...defaults };
    } catch {
      return { ...defaults };
    }
  };
  let state = read();
  const write = (next: S) => {
    state = next;
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      /* storage full or disabled: keep the in-memory state */
    }
    listeners.forEach((l) => l());
  };
  if (typeof window !== 'undefined') {
    // Another tab signed in or out: follow it.
    window.addEventListener('storage', (e) => {
      if (e.key === key) {
        state = read();
        listeners.forEach((l) => l());
      }
    });
  }
  return {
    get: () => state,
    // A value equal to the stored one stays that same object (the session user refreshed at each page
    // load, most often unchanged): what reads it does not render again (docs/speed.md "Rendering").
    set: (patch) => {
      const next = replaceEqualDeep(state, { ...state, ...patch });
      if (next !== state) write(next);
    },
    reset: () => write({ ...defaults }),
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export interface AuthState {
  access_token: string | null;
  session: string | null;
  username: string | null;
  currentCompany: string | null;
  currentCompanyName: string | null;
  user: SessionUser | null;
}

export interface UiState {
  resultsPerPage: string;
  isLoadingSite: boolean;
  loadingText: string;
}

export const AUTH_DEFAULTS: AuthState = {
  access_token: null,
  session: null,
  username: null,
  currentCompany: null,
  currentCompanyName: null,
  user: null,
};
export const UI_DEFAULTS: UiState = { resultsPerPage: '10', isLoadingSite: true, loadingText: '' };

export const authStore = createPersistedStore<AuthState>('olympus.auth', AUTH_DEFAULTS);
export const uiStore = createPersistedStore<UiState>('olympus.ui', UI_DEFAULTS);

export function useStoreState<S extends object, T>(store: PersistedStore<S>, select: (s: S) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
