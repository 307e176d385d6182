import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { analytics } from '../shared/analytics/client';
import { captureInstallPrompt } from '../features/entry';
import { captureLandingParams, fromAiPhoto } from '../features/auth';
import { BASE_PATH } from '../shared/routing/base-paths';
import { Providers, createQueryClient } from '../shared/providers';
import { appRoutes } from './routes';
import './global.css';

captureLandingParams(window.location.search);
// Queued until the page properties are known, then sent with the first batch (§4).
analytics.track('app_launch', fromAiPhoto() ? { from_ai_photo: true } : undefined);
// The browser's install offer arrives once, early; the studio entry page's app prompt uses it.
captureInstallPrompt();

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
