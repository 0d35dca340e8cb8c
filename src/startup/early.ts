// Imported first by main.tsx: runs before the rest of the app's modules are evaluated.
import { startFirstScreen } from './firstScreen';

startFirstScreen(window.location);
