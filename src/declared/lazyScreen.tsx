// A screen or a section whose code loads only when it first renders (React.lazy), with the forms' loading state
// meanwhile (a spinner and "Loading...", announced politely), or the caller's own. The declared resources' create, edit, trash and
// import screens and what their edit screens show below the form use it, so the first list's code holds none of
// them (docs/speed.md "The first screen").
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { FormLoading } from '../forms/FormLoading';

export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Loading: ComponentType = FormLoading,
): (props: P) => ReactElement {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyScreen(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
