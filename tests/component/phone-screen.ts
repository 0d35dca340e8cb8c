// window.matchMedia answering like a 390 px wide phone (every max-width query matches), so MUI's
// useMediaQuery sees a screen below 600 px; jsdom has no matchMedia of its own. Undo with vi.unstubAllGlobals().
import { vi } from 'vitest';

export function phoneScreen(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width/.test(query),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    onchange: null,
    dispatchEvent: () => false,
  }));
}
