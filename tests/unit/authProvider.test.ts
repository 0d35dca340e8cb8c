// providers/authProvider: react-admin's contract over the Olympus session.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, checkAuthenticated, loginPath } from '../../providers/authProvider';
import { authStore, uiStore } from '../../providers/store';
import type { SessionUser } from '../../contract/types';
import { stubRoutes } from './fetchStub';

const user = (role: string | null, permissions: string[] = []): SessionUser => ({
  uuid: 'u-1',
  id: 'u-1',
  name: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  bypass_sso: false,
  companies: [{ uuid: 'c-1', id: 'c-1', name: 'Acme' }],
  systems: [],
  roles: [],
  olympusRole: role ? { uuid: 'r', name: role, label: role, permissions } : null,
  olympus_role_uuid: null,
  everest_role_uuid: null,
  portal_role_uuid: null,
  property_permissions: [],
});

describe('authProvider', () => {
  beforeEach(() => {
    authStore.reset();
    uiStore.reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('checkAuth rejects to /login (not /dashboard/login), silently, carrying ?system', async () => {
    await expect(authProvider.checkAuth({})).rejects.toEqual({ redirectTo: '/login', message: false });
    expect(loginPath('?system=Everest&x=1')).toBe('/login?system=Everest');
    expect(loginPath('?system=Big%20Sky')).toBe('/login?system=Big%20Sky');
    authStore.set({ access_token: 't' });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('login stores the token, the session user and the first company, without redirecting', async () => {
    stubRoutes({
      'POST /api/v1/auth/login': {
        status: 200,
        body: { data: { access_token: 'tok', token_type: 'Bearer', expires_at: '2030-01-01' } },
      },
      'GET /api/v1/session': { status: 200, body: { data: user('admin') } },
    });
    await expect(authProvider.login({ email: 'ada@example.com', password: 'pw' })).resolves.toEqual({
      redirectTo: false,
    });
    expect(authStore.get()).toMatchObject({
      access_token: 'tok',
      currentCompany: 'c-1',
      currentCompanyName: 'Acme',
      user: { name: 'Ada Lovelace' },
    });
  });

  it('login fails on a wrong password', async () => {
    stubRoutes({
      'POST /api/v1/auth/login': { status: 401, body: { message: 'These credentials do not match our records' } },
    });
    await expect(authProvider.login({ email: 'a', password: 'b' })).rejects.toThrow();
    expect(authStore.get().access_token).toBeNull();
  });

  it('logout resets the state and answers /login, even when the call fails; resultsPerPage stays', async () => {
    authStore.set({ access_token: 't', user: user('admin'), currentCompany: 'c-1' });
    uiStore.set({ resultsPerPage: '20' });
    const calls = stubRoutes({ 'POST /api/v1/auth/logout': { status: 500, body: { message: 'Server Error' } } });
    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/auth/logout']);
    expect(calls[0].headers.Authorization).toBe('Bearer t');
    expect(authStore.get()).toMatchObject({ access_token: null, user: null, currentCompany: null });
    expect(uiStore.get().resultsPerPage).toBe('20');
  });

  it('logout without a token sends nothing', async () => {
    const calls = stubRoutes({});
    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect(calls).toEqual([]);
  });

  it('checkError signs out on 401 only', async () => {
    authStore.set({ access_token: 't' });
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(authStore.get().access_token).toBe('t');
    await expect(authProvider.checkError({ status: 401 })).rejects.toEqual({ redirectTo: '/login' });
    expect(authStore.get().access_token).toBeNull();
  });

  it('identity and permissions come from the stored user', async () => {
    authStore.set({ access_token: 't', user: user('admin', ['reports.access']) });
    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 'u-1', fullName: 'Ada Lovelace' });
    await expect(authProvider.getPermissions!({})).resolves.toEqual({ role: 'admin', permissions: ['reports.access'] });
    authStore.set({ user: user(null) });
    await expect(authProvider.getPermissions!({})).resolves.toEqual({ role: null, permissions: [] });
  });

  it('canAccess maps resources to the access table areas', async () => {
    authStore.set({ access_token: 't', user: user('admin') });
    const can = (resource: string) => authProvider.canAccess!({ resource, action: 'list' });
    await expect(can('users')).resolves.toBe(true);
    await expect(can('property')).resolves.toBe(true);
    await expect(can('unit')).resolves.toBe(true);
    await expect(can('company')).resolves.toBe(false);
    await expect(can('roles')).resolves.toBe(false);
    await expect(can('reports')).resolves.toBe(false);
    await expect(can('anything-else')).resolves.toBe(true);
    authStore.set({ user: user('system_user', ['reports.*']) });
    await expect(can('users')).resolves.toBe(false);
    await expect(can('reports')).resolves.toBe(true);
  });

  describe('checkAuthenticated', () => {
    it('is true on 200 with a token', async () => {
      authStore.set({ access_token: 't' });
      const calls = stubRoutes({
        'POST /api/v1/auth/authenticated': { status: 200, body: { data: { authenticated: true } } },
      });
      await expect(checkAuthenticated()).resolves.toBe(true);
      expect(calls).toHaveLength(1);
    });
    it('resets the state and is false on any other status', async () => {
      authStore.set({ access_token: 't', user: user('admin') });
      stubRoutes({ 'POST /api/v1/auth/authenticated': { status: 401, body: { message: 'Unauthenticated' } } });
      await expect(checkAuthenticated()).resolves.toBe(false);
      expect(authStore.get()).toMatchObject({ access_token: null, user: null });
    });
    it('is false without a token, without asking', async () => {
      const calls = stubRoutes({});
      await expect(checkAuthenticated()).resolves.toBe(false);
      expect(calls).toEqual([]);
    });
  });
});
