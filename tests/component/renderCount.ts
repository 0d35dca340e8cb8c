// Counts the components React rendered, by name, through the hook React DevTools uses: every commit
// hands the hook the committed tree, and a component whose fiber did work in that commit rendered.
// A structural measure (what ran, not how long), so a test can say "a keystroke renders no navigation".
// Installed on import, by setup.ts before react-dom is first evaluated (react-dom looks for the hook only then).

interface Fiber {
  tag: number;
  type: unknown;
  elementType: unknown;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
}
interface FiberRoot {
  current: Fiber;
}

// React's work tags and flags (react-reconciler ReactWorkTags / ReactFiberFlags).
const FUNCTION = 0;
const CLASS = 1;
const FORWARD_REF = 11;
const SIMPLE_MEMO = 15;
const PERFORMED_WORK = 1;

type Named = { displayName?: string; name?: string; render?: Named; type?: Named };

function nameOf(f: Fiber): string {
  const named = (t: unknown): string | undefined => {
    if (!t || (typeof t !== 'function' && typeof t !== 'object')) return undefined;
    const n = t as Named;
    return n.displayName || n.name || named(n.render) || named(n.type);
  };
  return named(f.elementType) ?? named(f.type) ?? 'Anonymous';
}

let counts: Map<string, number> | null = null;
let commits = 0;

function walk(next: Fiber, prev: Fiber | null, into: Map<string, number>) {
  const component = next.tag === FUNCTION || next.tag === CLASS || next.tag === FORWARD_REF || next.tag === SIMPLE_MEMO;
  // A fiber cloned for this render that did work, or a new one.
  if (component && (prev === null || (next !== prev && (next.flags & PERFORMED_WORK) !== 0))) {
    const name = nameOf(next);
    into.set(name, (into.get(name) ?? 0) + 1);
  }
  // A subtree React did not enter keeps the previous commit's children.
  if (prev !== null && next.child === prev.child) return;
  for (let c = next.child; c; c = c.sibling) walk(c, c.alternate, into);
}

function installRenderCounter() {
  const g = globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: object };
  if (g.__REACT_DEVTOOLS_GLOBAL_HOOK__) return;
  g.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id: number, root: FiberRoot) => {
      if (!counts) return;
      commits += 1;
      walk(root.current, root.current.alternate, counts);
    },
  };
}

/** Starts counting the components rendered from now on; `stop` keeps what was counted until then. */
export function countRenders() {
  const mine = new Map<string, number>();
  counts = mine;
  commits = 0;
  let committed: number | undefined;
  return {
    /** Renders of the components whose name matches. */
    of: (name: string | RegExp) =>
      [...mine].reduce((n, [k, v]) => n + ((typeof name === 'string' ? k === name : name.test(k)) ? v : 0), 0),
    total: () => [...mine.values()].reduce((a, b) => a + b, 0),
    /** React commits since the start. */
    commits: () => committed ?? commits,
    byName: () => new Map(mine),
    stop: () => {
      if (counts === mine) {
        counts = null;
        committed = commits;
      }
    },
  };
}

installRenderCounter();
