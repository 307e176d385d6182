import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { analytics } from '../shared/analytics/client';
import { captureInstallPrompt } from '../features/entry';
import { captureLandingParams, fromAiPhoto, startSession } from '../features/auth';
import { mirrorLanguageChoice, resolvePageLanguage } from '../features/language';
import { activateLanguage } from '../shared/i18n/i18n';
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
// The server picks the language of a prerendered page by the same rule, the stored choice included.
mirrorLanguageChoice();

const router = createBrowserRouter(appRoutes, { basename: BASE_PATH || '/' });
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const mount = () =>
  createRoot(container).render(
    <StrictMode>
      <Providers client={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );

type Preloadable = { type?: { preload?: () => Promise<unknown> } } | undefined;
// A page the server sent prerendered (decision 240) stays until its language's copy and its
// route's chunks are in: the first render then replaces it with the same page, not a loading line.
if (container.firstElementChild) {
  const { matches } = router.state;
  void Promise.all([
    activateLanguage(resolvePageLanguage(matches[0]?.params.lang, location.search)),
    ...matches.map((match) => (match.route.element as Preloadable)?.type?.preload?.()),
  ])
    .catch(() => undefined)
    .then(mount);
} else mount();
