// A screen whose code loads when first opened (src/declared/lazyScreen.tsx): preloaded, it shows in the very
// first render without its loading state (which would hold it back for React's reveal throttle); not
// preloaded, the loading state shows first; a failed preload is tried again. A declared list starts loading
// its create and edit screens when a person points at or focuses Create or a row's Edit, before the click.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../../src/declared/lazyScreen';
import { freshPage } from './shell-harness';
import { LOAD_TIMEOUT, listReply, openList, rowOf } from './list-harness';
import { gadgetRow } from './declared-gadgets';

/** Every lazy screen's loads in this file, by the order the screens were made. */
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/declared/lazyScreen', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/declared/lazyScreen')>();
  return {
    ...real,
    lazyScreen: ((load: () => Promise<unknown>, ...rest: unknown[]) =>
      (real.lazyScreen as (...a: unknown[]) => unknown)(
        () => {
          loads.count += 1;
          return load();
        },
        ...rest,
      )) as typeof real.lazyScreen,
  };
});
vi.mock('../../contract/resources', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../contract/resources')>();
  const { gadgetResource } = await import('./declared-gadgets');
  return { ...real, DECLARED_RESOURCES: [...real.DECLARED_RESOURCES, gadgetResource] };
});

function screenOf(text: string, fail = 0) {
  const tries = { n: 0 };
  const Screen = lazyScreen(
    async () => {
      tries.n += 1;
      if (tries.n <= fail) throw new Error('chunk failed');
      return function Loaded({ who }: { who: string }) {
        return <p>{`${text} for ${who}`}</p>;
      };
    },
    () => <p>Loading the screen</p>,
  );
  return { Screen, tries };
}

/** Lets the loads started so far settle. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe('a lazy screen', () => {
  it('preloaded shows at once, never its loading state, without loading again', async () => {
    const { Screen, tries } = screenOf('The form');
    Screen.preload();
    Screen.preload();
    await settle();
    render(<Screen who="Ann" />);
    expect(screen.getByText('The form for Ann')).toBeInTheDocument();
    expect(screen.queryByText('Loading the screen')).not.toBeInTheDocument();
    expect(tries.n).toBe(1);
  });

  it('not preloaded shows its loading state, then the screen', async () => {
    const { Screen, tries } = screenOf('The trash');
    render(<Screen who="Bob" />);
    expect(screen.getByText('Loading the screen')).toBeInTheDocument();
    expect(await screen.findByText('The trash for Bob')).toBeInTheDocument();
    expect(tries.n).toBe(1);
  });

  it('whose preload failed loads again when it renders', async () => {
    const { Screen, tries } = screenOf('The import', 1);
    Screen.preload();
    await settle();
    render(<Screen who="Cy" />);
    expect(await screen.findByText('The import for Cy')).toBeInTheDocument();
    expect(tries.n).toBe(2);
  });
});

describe('a declared list', () => {
  beforeEach(freshPage);
  afterEach(() => vi.restoreAllMocks());

  it('starts loading the create screen on a pointer over Create, and the edit screen on a focused Edit', async () => {
    openList('/dashboard/gadget', { 'GET /api/v1/gadgets': listReply([gadgetRow(1), gadgetRow(2)]) });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    const before = loads.count;
    fireEvent.pointerEnter(screen.getByRole('link', { name: 'Create a Gadget' }));
    await settle();
    expect(loads.count).toBe(before + 1);
    // The edit screen is in the same chunk, but its own lazy screen: it loads once, when Edit is focused.
    act(() => within(rowOf('Gadget 01')).getByRole('link', { name: 'Edit Gadget' }).focus());
    await settle();
    expect(loads.count).toBe(before + 2);
    fireEvent.pointerEnter(screen.getByRole('link', { name: 'Create a Gadget' }));
    act(() => within(rowOf('Gadget 02')).getByRole('link', { name: 'Edit Gadget' }).focus());
    await settle();
    expect(loads.count).toBe(before + 2);
  });
});
