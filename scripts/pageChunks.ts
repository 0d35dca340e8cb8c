// The build's chunks by page (vite.config.ts; docs/speed.md "What the first screen's code holds"). A page is
// a module the shell imports lazily (src/routing/routes.ts: the sign-in pages, the admin). Left to rolldown's
// automatic splitting, the admin's static imports came as ~25 files cut by what they share with the other
// pages; a browser opens at most six connections to a server over HTTP/1.1, so the first screen's files
// and API calls queued behind each other in waves. Here each page's own static imports are one file, and
// what several pages share is one more: a page then waits for at most two files beside the shell. What a
// page loads later (its own lazy imports: forms, dialogs, pickers) still splits automatically.
import type { Plugin } from 'vite';

export interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(
    id: string,
  ): { isEntry: boolean; importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** A rolldown code-splitting group, as far as these use it. */
interface ChunkGroup {
  name: string | ((id: string) => string);
  test: (id: string) => boolean;
  priority: number;
}

export interface PageChunks {
  plugin: Plugin;
  /**
   * What several pages import (`pages`), then each page's own modules (named for the page). Their priorities
   * are 2 and 1: a group above them must take the entries' modules first (vite.config.ts).
   */
  groups: ChunkGroup[];
}

/** A page's chunk name: its file's (AdminRoutes), or a package's for a library loaded lazily (sentry-react). */
export function pageName(id: string): string {
  const pkg = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1];
  if (pkg) return pkg.replace(/^@/, '').replace(/[\\/]/, '-');
  return (id.split(/[\\/]/).pop() ?? 'page').replace(/\.[^.]+$/, '');
}

/**
 * For each module the pages' static imports hold (and no entry's): the pages that hold it. A page is a
 * module an entry's static imports import lazily.
 */
export function pagesOfModules(graph: ModuleGraph): Map<string, Set<string>> {
  const closure = (starts: Iterable<string>, without?: Set<string>) => {
    const seen = new Set<string>();
    const todo = [...starts];
    while (todo.length > 0) {
      const id = todo.pop() as string;
      if (seen.has(id) || without?.has(id)) continue;
      seen.add(id);
      todo.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  const initial = closure([...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry));
  const pages = new Set<string>();
  for (const id of initial) {
    for (const lazy of graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []) if (!initial.has(lazy)) pages.add(lazy);
  }
  const pagesOf = new Map<string, Set<string>>();
  for (const page of pages) {
    for (const id of closure([page], initial)) pagesOf.set(id, (pagesOf.get(id) ?? new Set<string>()).add(page));
  }
  return pagesOf;
}

export function pageChunks(): PageChunks {
  let pagesOf = new Map<string, Set<string>>();
  return {
    plugin: {
      name: 'olympus-page-chunks',
      apply: 'build',
      // The module graph is complete here, before rolldown makes the chunks and asks the groups below.
      buildEnd() {
        pagesOf = pagesOfModules(this as unknown as ModuleGraph);
      },
    },
    groups: [
      { name: 'pages', test: (id) => (pagesOf.get(id)?.size ?? 0) > 1, priority: 2 },
      {
        name: (id) => pageName([...(pagesOf.get(id) ?? [])][0]),
        test: (id) => pagesOf.get(id)?.size === 1,
        priority: 1,
      },
    ],
  };
}
