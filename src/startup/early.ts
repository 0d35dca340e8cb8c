// Imported first by main.tsx: runs before the rest of the app's modules are evaluated.
import { startFirstScreen } from './firstScreen';

/** Settles when the first screen's page module is in: main.tsx renders then (./firstScreen.ts). */
export const firstPageLoaded = startFirstScreen(window.location);
