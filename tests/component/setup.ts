// First: react-dom looks for the DevTools hook the render counter uses (renderCount.ts) when evaluated.
import './renderCount';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor give up after 1 s by default: on a busy 2-core machine running two test files
// at once, a lazily loaded input (the date picker) can take longer to appear than that.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
