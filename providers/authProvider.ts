// react-admin's AuthProvider over the Olympus session. The sign-in pages drive login
// themselves (they own the delays before each redirect), so login resolves without a redirect. Redirects are plain
// SPA paths: react-admin does not prefix them with the /dashboard basename.
import type { AuthProvider } from 'ra-core';
import { areaOfResource, mayOpenArea, type Viewer } from '../contract/access';
import type { SessionUser } from '../contract/types';
import { completeLogin } from './authSession';
import * as olympusApi from './olympusApi';
import { authStore } from './store';

export const LOGIN_PATH = '/login';

/** /login, carrying the `system` query parameter of the current address. */
export function loginPath(search: string = typeof window === 'undefined' ? '' : window.location.search): string {
  const system = new URLSearchParams(search).get('system');
  return system ? `${LOGIN_PATH}?system=${encodeURIComponent(system)}` : LOGIN_PATH;
}

/** The viewer of the access table (contract/access.ts): the Olympus role name and its permissions. */
export function viewerOf(user: SessionUser | null | undefined): Viewer {
  const role = user?.olympusRole;
  return { role: role?.name ?? null, permissions: role?.permissions ?? [] };
}

export const currentViewer = (): Viewer => viewerOf(authStore.get().user);

/** react-admin's permissions: the stored session's viewer, known at once (./queryClient.ts starts its query with it). */
export const permissionsNow = (): Viewer => currentViewer();

/** The authenticated check: false (and state reset) unless the API answers 200; true only with a token. */
export async function checkAuthenticated(): Promise<boolean> {
  // Without a token the answer is false whatever the API says: spare the request.
  if (!authStore.get().access_token) return false;
  const res = await olympusApi.authenticated();
  if (!res || res.status !== 200) {
    authStore.reset();
    return false;
  }
  return !!authStore.get().access_token;
}

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    const outcome = await completeLogin(await olympusApi.login(email, password));
    // The second factor is asked by the login form's code step, never here.
    if (outcome === 'failed' || outcome === 'second_factor') throw new Error('olympus.auth.error.generic');
    return { redirectTo: false };
  },

  async logout() {
    // A failed logout call still counts as logged out.
    if (authStore.get().access_token) await olympusApi.logout();
    authStore.reset();
    return LOGIN_PATH;
  },

  async checkAuth() {
    if (!authStore.get().access_token) {
      // Must carry redirectTo: react-admin's default would be `${basename}/login` = /dashboard/login.
      throw { redirectTo: loginPath(), message: false };
    }
  },

  async checkError(error: { status?: number } | undefined) {
    if (error?.status === 401) {
      authStore.reset();
      throw { redirectTo: LOGIN_PATH };
    }
  },

  async getIdentity() {
    const user = authStore.get().user;
    if (!user) throw new Error('No signed-in user');
    return { id: user.uuid, fullName: user.name };
  },

  async getPermissions() {
    return permissionsNow();
  },

  async canAccess({ resource }: { resource?: string; action?: string }) {
    // A declared resource follows its declaration's area; a page its area of the same name.
    const area = resource ? areaOfResource(resource) : undefined;
    return area ? mayOpenArea(area, currentViewer()) : true;
  },
};
