import { PRODUCT } from '@ai-covers/contracts';
import { Analytics } from './analytics';

/**
 * The beacon project code. Contracts exports it as ANALYTICS_PROJECT from the module that also
 * builds the zod schemas; importing a value from there puts zod (~50 KiB gzip) on the first page,
 * so the web app uses the product kind it equals (a test checks they stay equal).
 */
export const ANALYTICS_PROJECT_CODE = PRODUCT.kind;

/** The app's analytics instance; API paths live at the site root, never under BASE_PATH. */
export const analytics = new Analytics({ endpoint: `/v1/track/${ANALYTICS_PROJECT_CODE}` });

if (typeof window !== 'undefined') {
  // Beacons survive the page going away; flush whatever is pending when it does.
  window.addEventListener('pagehide', () => analytics.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') analytics.flush();
  });
}
