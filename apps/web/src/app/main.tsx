import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { analytics } from '../shared/analytics/client';
import { captureInstallPrompt } from '../features/entry';
import { captureLandingParams, fromAiPhoto, startSession } from '../features/auth';
import { BASE_PATH } from '../shared/routing/base-paths';
import { followPhoneWidth } from '../shared/layout/phone-width';
import { Providers, createQueryClient } from '../shared/providers';
import { appRoutes } from './routes';
import './global.css';

captureLandingParams(window.location.search);
// Queued until the page properties are known, then sent with the first batch (§4).
analytics.track('app_launch', fromAiPhoto() ? { from_ai_photo: true } : undefined);
// The browser's install offer arrives once, early; the studio entry page's app prompt uses it.
captureInstallPrompt();
// Pricing opens as a dialog on phones: the width is followed from the start (§9).
followPhoneWidth();
// A signed-in visitor's user info is asked for now, not after the first paint.
startSession();

const router = createBrowserRouter(appRoutes, { basename: BASE_PATH || '/' });
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
