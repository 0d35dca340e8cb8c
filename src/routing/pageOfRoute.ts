// A route's page as React.lazy, except that a module already in (the first screen's, loaded while the
// shell started: src/startup/firstScreen.ts) renders in the first render instead of suspending once. A
// suspended page shows its Suspense fallback, and React then holds the page's own reveal back until 300 ms
// after that fallback appeared (its throttle of Suspense reveals): the first screen waited for it
// (docs/speed.md "The first screen").
import { lazy, type ComponentType } from 'react';
import { inAlready } from './inAlready';
import { loadedRoute, loadRoute, type RouteModule } from './routes';

export function pageOfRoute(route: RouteModule): ComponentType {
  // React.lazy only calls `then` on what its loader answers; its type asks for a Promise.
  return lazy(() => {
    const module = loadedRoute(route);
    return (module ? inAlready(module) : loadRoute(route)) as Promise<{ default: ComponentType }>;
  });
}
