// Component tests run beside the server and engine suites on a busy machine: give findBy/waitFor
// room beyond Testing Library's 1 s default (they still return as soon as the page is ready).
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });

// Components under test render outside the lazy pages that would load the rest of the copy.
import { copyReady } from './shared/i18n/i18n';

await copyReady();
