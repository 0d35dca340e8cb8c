// The build's chunk rule (scripts/pageChunks.ts, docs/speed.md): each page's own static imports in one chunk,
// what pages share in one more, the entry's in the shell, and a page's own lazy imports left alone.
import { describe, expect, it } from 'vitest';
import { pageName, pagesOfModules, type ModuleGraph } from '../../scripts/pageChunks';

/** A module graph from { id: [static imports, lazy imports] }; `main` is the entry. */
function graph(modules: Record<string, [string[], string[]?]>): ModuleGraph {
  return {
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id) => {
      const m = modules[id];
      return m ? { isEntry: id === 'main', importedIds: m[0], dynamicallyImportedIds: m[1] ?? [] } : null;
    },
  };
}

const APP = graph({
  main: [
    ['react', 'router'],
    ['/src/routing/AdminRoutes.tsx', '/src/pages/LoginPage.tsx'],
  ],
  react: [[]],
  router: [['react']],
  '/src/routing/AdminRoutes.tsx': [['react', 'table', 'button'], ['/src/forms/EditForm.tsx']],
  '/src/pages/LoginPage.tsx': [['router', 'button', 'card']],
  table: [['button']],
  button: [['ripple']],
  ripple: [[]],
  card: [[]],
  '/src/forms/EditForm.tsx': [['button', 'picker']],
  picker: [[]],
});

describe('page chunks', () => {
  const pagesOf = pagesOfModules(APP);
  const pages = (id: string) => [...(pagesOf.get(id) ?? [])].sort();

  it("leaves the entry's static imports to the shell", () => {
    for (const id of ['main', 'react', 'router']) expect(pagesOf.has(id), id).toBe(false);
  });

  it('gives each page its own static imports, and what two pages import to both, with what those import', () => {
    expect(pages('table')).toEqual(['/src/routing/AdminRoutes.tsx']);
    expect(pages('card')).toEqual(['/src/pages/LoginPage.tsx']);
    expect(pages('button')).toEqual(['/src/pages/LoginPage.tsx', '/src/routing/AdminRoutes.tsx']);
    expect(pages('ripple')).toEqual(['/src/pages/LoginPage.tsx', '/src/routing/AdminRoutes.tsx']);
  });

  it('leaves what a page loads lazily itself to the automatic splitting', () => {
    expect(pagesOf.has('/src/forms/EditForm.tsx')).toBe(false);
    expect(pagesOf.has('picker')).toBe(false);
  });

  it('names a page for its file, or a lazily loaded library for its package', () => {
    expect(pageName('/work/src/routing/AdminRoutes.tsx')).toBe('AdminRoutes');
    expect(pageName('/work/node_modules/@sentry/react/build/esm/index.js')).toBe('sentry-react');
    expect(pageName('/work/node_modules/dayjs/esm/index.js')).toBe('dayjs');
  });
});
