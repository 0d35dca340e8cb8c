// A module already loaded, handed to React.lazy so that it renders in the first render instead of
// suspending once: a suspended screen shows its fallback, and React then holds the screen back until
// 300 ms after that fallback appeared (its throttle of Suspense reveals; docs/speed.md "The first screen").

/** A thenable that calls back at once: React.lazy reads a value handed over so without suspending. */
export function inAlready<T>(value: T): PromiseLike<T> {
  return {
    then<R1 = T, R2 = never>(onFulfilled?: ((v: T) => R1 | PromiseLike<R1>) | null): PromiseLike<R1 | R2> {
      return Promise.resolve(onFulfilled ? onFulfilled(value) : (value as unknown as R1));
    },
  };
}
