// A screen or a section whose code loads only when it first renders (React.lazy), with the forms' loading state
// meanwhile (a spinner and "Loading...", announced politely), or the caller's own. The declared resources' create, edit, trash and
// import screens and what their edit screens show below the form use it, so the first list's code holds none of
// them (docs/speed.md "The first screen"). `preload()` starts loading it when a person shows the intent to open it
// (a pointer over its button, the button focused): loaded by the time it renders, it shows at once, without its
// loading state and the wait React adds after one.
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { FormLoading } from '../forms/FormLoading';
import { inAlready } from '../routing/inAlready';

/** A screen with `preload()`; one whose props are all optional renders without any. */
export type LazyScreen<P> = ((...props: object extends P ? [P?] : [P]) => ReactElement) & { preload(): void };

export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Loading: ComponentType = FormLoading,
): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => {
    loading ??= load().then(
      (screen) => (loaded = screen),
      (err: unknown) => {
        // A failed load (a network blip) is tried again by the next intent or render.
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  // React.lazy only calls `then` on what its loader answers; its type asks for a Promise.
  const Lazy = lazy(
    () =>
      (loaded ? inAlready({ default: loaded }) : start().then((screen) => ({ default: screen }))) as Promise<{
        default: ComponentType<P>;
      }>,
  );
  function LazyScreen(props?: P) {
    return (
      <Suspense fallback={<Loading />}>
        <Lazy {...(props as P)} />
      </Suspense>
    );
  }
  LazyScreen.preload = () => {
    start().catch(() => undefined);
  };
  // Called with its props, or none when it takes none (the overload above).
  return LazyScreen as LazyScreen<P>;
}

/** A screen's preload, when it is a lazy one. */
export const preloadOf = (screen: unknown): (() => void) | undefined =>
  typeof screen === 'function' && 'preload' in screen && typeof screen.preload === 'function'
    ? (screen.preload as () => void)
    : undefined;
