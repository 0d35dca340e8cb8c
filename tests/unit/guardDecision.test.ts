// The route guard rules, as decided from the address and the stored session.
import { describe, expect, it } from 'vitest';
import { decideRoute, type GuardInput } from '../../src/routing/guardDecision';

const base: GuardInput = {
  restriction: 'login',
  pathname: '/dashboard',
  search: '',
  token: 't',
  verified: true,
  viewer: { role: 'admin', permissions: [] },
};
const decide = (patch: Partial<GuardInput>) => decideRoute({ ...base, ...patch });

describe('decideRoute', () => {
  it('checks a stored token with the API first (loading state)', () => {
    expect(decide({ verified: false })).toMatchObject({ kind: 'verify' });
    expect(decide({ restriction: 'guest', pathname: '/login', verified: false })).toMatchObject({ kind: 'verify' });
    // Open pages need no answer, unless a system hand-off depends on it.
    expect(decide({ restriction: 'none', pathname: '/', verified: false })).toEqual({ kind: 'allow' });
    expect(decide({ restriction: 'none', pathname: '/', search: '?system=Everest', verified: false })).toMatchObject({
      kind: 'verify',
    });
  });

  it('renders the view hidden during the check only where the stored session would be let in', () => {
    expect(decide({ pathname: '/dashboard/unit', verified: false })).toEqual({ kind: 'verify', render: true });
    // Not a guest page for a signed-in user, a system hand-off, or a page the stored role may not open.
    expect(decide({ restriction: 'guest', pathname: '/login', verified: false })).toEqual({
      kind: 'verify',
      render: false,
    });
    expect(decide({ pathname: '/dashboard', search: '?system=Everest', verified: false })).toEqual({
      kind: 'verify',
      render: false,
    });
    expect(decide({ pathname: '/dashboard/roles', verified: false })).toEqual({ kind: 'verify', render: false });
  });

  it('sends a logged-in user on a guest route to the dashboard', () => {
    expect(decide({ restriction: 'guest', pathname: '/login' })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide({ restriction: 'guest', pathname: '/login-form' })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide({ restriction: 'guest', pathname: '/login', token: null })).toEqual({ kind: 'allow' });
  });

  it('sends a visitor on a login route to /login, carrying ?system', () => {
    expect(decide({ token: null })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decide({ token: null, pathname: '/dashboard/users', search: '?system=Everest' })).toEqual({
      kind: 'redirect',
      to: '/login?system=Everest',
    });
    expect(decide({ token: null, pathname: '/somewhere' })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('sends a user failing the role or permission check to the dashboard', () => {
    expect(decide({ pathname: '/dashboard/roles' })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide({ pathname: '/dashboard/company/c-1/edit' })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide({ pathname: '/dashboard/reports' })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide({ pathname: '/dashboard/users', viewer: { role: 'system_user', permissions: [] } })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(decide({ pathname: '/dashboard/users' })).toEqual({ kind: 'allow' });
    expect(
      decide({ pathname: '/dashboard/reports', viewer: { role: 'system_user', permissions: ['reports.access'] } }),
    ).toEqual({ kind: 'allow' });
  });

  it('hands a logged-in user asking for a system over to it, on any route', () => {
    expect(decide({ search: '?system=Everest' })).toEqual({ kind: 'system', name: 'Everest' });
    expect(decide({ restriction: 'guest', pathname: '/login', search: '?system=Portal' })).toEqual({
      kind: 'system',
      name: 'Portal',
    });
    expect(decide({ restriction: 'none', pathname: '/', search: '?system=Portal' })).toEqual({
      kind: 'system',
      name: 'Portal',
    });
    expect(decide({ search: '?system=' })).toEqual({ kind: 'allow' });
  });

  it('lets everyone through open routes', () => {
    for (const pathname of ['/', '/password/reset', '/password/new', '/login/azure/callback']) {
      expect(decide({ restriction: 'none', pathname, token: null })).toEqual({ kind: 'allow' });
    }
  });
});
