// A database that counts the statements prepared through it (every list statement is): the list
// tests hold a page to one statement.
import type { Db } from '../../server/db';

/** The database, counting the statements prepared through it (every list statement is). */
export function countingDb(inner: Db): { db: Db; statements: () => number; texts: () => string[] } {
  let n = 0;
  const texts: string[] = [];
  const session = new Proxy(inner._.session, {
    get(target, key, receiver) {
      if (key === 'prepareQuery') {
        return (...args: Parameters<typeof target.prepareQuery>) => {
          n++;
          texts.push(args[0].sql);
          return target.prepareQuery(...args);
        };
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  const db = new Proxy(inner, {
    get(target, key, receiver) {
      if (key === '_') return { ...target._, session };
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { db, statements: () => n, texts: () => [...texts] };
}
