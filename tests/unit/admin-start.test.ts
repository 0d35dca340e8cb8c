// What react-admin starts from (docs/speed.md "Rendering"): its permissions query answered at once with the
// stored session's viewer, as the auth provider would answer it, and its locale the i18n provider's when none is
// stored. Each spares a render of everything on the first screen.
import { beforeEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { adminStore } from '../../providers/adminStore';
import { authProvider } from '../../providers/authProvider';
import { adminQueryClient } from '../../providers/queryClient';
import { authStore } from '../../providers/store';
import type { SessionUser } from '../../contract/types';

const user = (name: string, permissions: string[]) =>
  ({ uuid: 'u-1', name, olympusRole: { name: 'Admin', permissions } }) as unknown as SessionUser;

/** react-admin's usePermissions query (ra-core): its key, and a function it never gets to call here. */
const permissionsQuery = (client: QueryClient) =>
  new QueryObserver(client, { queryKey: ['auth', 'getPermissions', {}], queryFn: () => 'asked', staleTime: 300_000 });

describe('react-admin’s start', () => {
  beforeEach(() => {
    localStorage.clear();
    authStore.reset();
  });

  it('has its permissions at once: the auth provider’s answer for the stored session', async () => {
    authStore.set({ access_token: 't-1', user: user('Ada', ['users.view']) });
    const client = adminQueryClient(new QueryClient());
    const result = permissionsQuery(client).getCurrentResult();
    expect(result.isPending).toBe(false);
    expect(result.data).toEqual(await authProvider.getPermissions?.({}));
    expect(result.data).toEqual({ role: 'Admin', permissions: ['users.view'] });
  });

  it('asks again for a session signed in later: cleared at sign-out, the next user’s viewer', () => {
    authStore.set({ access_token: 't-1', user: user('Ada', ['users.view']) });
    const client = adminQueryClient(new QueryClient());
    expect(permissionsQuery(client).getCurrentResult().data).toEqual({ role: 'Admin', permissions: ['users.view'] });
    client.clear();
    authStore.set({ access_token: 't-2', user: user('Bob', []) });
    expect(permissionsQuery(client).getCurrentResult().data).toEqual({ role: 'Admin', permissions: [] });
  });

  it('reads its locale as the i18n provider’s until one is stored, and other preferences as stored', () => {
    expect(adminStore.getItem('locale')).toBe('en');
    expect(adminStore.getItem('sidebar.open')).toBeUndefined();
    expect(adminStore.getItem('sidebar.open', true)).toBe(true);
    adminStore.setItem('sidebar.open', false);
    expect(adminStore.getItem('sidebar.open', true)).toBe(false);
    adminStore.setItem('locale', 'fr');
    expect(adminStore.getItem('locale')).toBe('fr');
  });
});
