// The admin's HTML (scripts/pagePreload.ts, docs/speed.md): index.html preloading the admin page's chunk and
// the chunks it imports, but none the entry loads already, and none the page only loads lazily.
import { describe, expect, it } from 'vitest';
import { chunkClosure, withPreloads } from '../../scripts/pagePreload';

const chunk = (fileName: string, imports: string[], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  moduleIds: [],
  isEntry,
  imports,
});

const BUNDLE = {
  'assets/index.js': chunk('assets/index.js', ['assets/runtime.js'], true),
  'assets/runtime.js': chunk('assets/runtime.js', []),
  'assets/AdminRoutes.js': chunk('assets/AdminRoutes.js', ['assets/index.js', 'assets/pages.js', 'assets/runtime.js']),
  'assets/pages.js': chunk('assets/pages.js', ['assets/index.js']),
  // Imported lazily by the admin (a dynamic import is not in `imports`): not preloaded.
  'assets/EditForm.js': chunk('assets/EditForm.js', ['assets/pages.js']),
  'assets/LoginPage.js': chunk('assets/LoginPage.js', ['assets/pages.js']),
  'index.html': { type: 'asset' as const, fileName: 'index.html', source: '' },
};

describe('the admin page’s preloads', () => {
  it('are the page’s chunk and its static imports, without what the entry loads', () => {
    expect(chunkClosure(BUNDLE, 'assets/AdminRoutes.js')).toEqual(['assets/AdminRoutes.js', 'assets/pages.js']);
    expect(chunkClosure(BUNDLE, 'assets/LoginPage.js')).toEqual(['assets/LoginPage.js', 'assets/pages.js']);
  });

  it('go into the head of index.html as module preloads under the base path', () => {
    const html = '<html>\n  <head>\n    <title>Olympus</title>\n  </head>\n  <body></body>\n</html>';
    expect(withPreloads(html, ['assets/AdminRoutes.js', 'assets/pages.js'], '/')).toBe(
      '<html>\n  <head>\n    <title>Olympus</title>\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/AdminRoutes.js">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/pages.js">\n' +
        '  </head>\n  <body></body>\n</html>',
    );
  });
});
