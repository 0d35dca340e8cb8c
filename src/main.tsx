// Start-up: error reporting and the tag manager when configured, then the app on #app.
// First of all, a signed-in person's first screen is asked for (./startup/firstScreen.ts).
import { firstPageLoaded } from './startup/early';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { uiStore } from '../providers/store';
import App from './App';
import { startSentry } from './startup/sentry';
import { startTagManager } from './startup/tagManager';
import { confirmFromEarlyAnswers } from './routing/sessionCheck';

const env = import.meta.env;
void startSentry({
  VITE_SENTRY_DSN: env.VITE_SENTRY_DSN,
  VITE_SENTRY_REPLAYS_SESSION_SAMPLE_RATE: env.VITE_SENTRY_REPLAYS_SESSION_SAMPLE_RATE,
}).catch((err) => console.error('Sentry failed to start', err));
startTagManager(env.VITE_GTM_ID);

// A fresh page load shows the loading screen until the route guard has decided.
uiStore.set({ isLoadingSite: true, loadingText: '' });

// A data router, so react-admin can block navigation away from unsaved forms.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

const container = document.getElementById('app');
if (!container) throw new Error('Missing #app element');
const render = () =>
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
// The first page's module first (started by ./startup/early.ts): it then renders at once instead of
// behind the loading screen, whose Suspense fallback would hold it back (./routing/pageOfRoute.ts). A
// download that takes longer than FIRST_PAGE_WAIT_MS gets the loading screen meanwhile: a slow network
// sees the spinner, not a blank page.
const FIRST_PAGE_WAIT_MS = 500;
// The session check already answered confirms the session first: the guard then shows the screen at once.
void Promise.race([firstPageLoaded, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]).then(() => {
  confirmFromEarlyAnswers();
  render();
});
