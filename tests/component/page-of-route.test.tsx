// A route's page (src/routing/pageOfRoute.ts): one whose module the start-up loaded renders in the very first
// render, without its Suspense fallback (which would hold the page back for React's reveal throttle); one
// not yet loaded shows the fallback, then the page.
import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOfRoute } from '../../src/routing/pageOfRoute';
import { loadedRoute, loadRoute, type RouteModule } from '../../src/routing/routes';

function route(path: string, text: string): RouteModule & { loads: number } {
  const r = {
    path,
    restriction: 'none' as const,
    loads: 0,
    load: async () => {
      r.loads += 1;
      return { default: () => <p>{text}</p> };
    },
  };
  return r;
}

const inSuspense = (Page: ReturnType<typeof pageOfRoute>) => (
  <Suspense fallback={<p>Loading the page</p>}>
    <Page />
  </Suspense>
);

describe('a route page', () => {
  it('loaded before the first render shows at once, never its fallback, without loading it again', async () => {
    const r = route('/preloaded', 'The preloaded page');
    await loadRoute(r);
    expect(loadedRoute(r)).toBeDefined();
    const Page = pageOfRoute(r);
    // No act, no waiting: what the first synchronous render committed.
    render(inSuspense(Page));
    expect(screen.getByText('The preloaded page')).toBeInTheDocument();
    expect(screen.queryByText('Loading the page')).not.toBeInTheDocument();
    expect(r.loads).toBe(1);
  });

  it('not loaded yet shows the fallback, then the page, and is remembered as loaded', async () => {
    const r = route('/later', 'The later page');
    const Page = pageOfRoute(r);
    render(inSuspense(Page));
    expect(screen.getByText('Loading the page')).toBeInTheDocument();
    expect(await screen.findByText('The later page')).toBeInTheDocument();
    expect(loadedRoute(r)).toBeDefined();
    expect(r.loads).toBe(1);
  });
});
