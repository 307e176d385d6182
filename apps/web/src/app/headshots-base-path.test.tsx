import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { contractResponse } from '../shared/test/api-test-kit';

// HEADSHOTS_BASE_PATH is a setting the build carries (vite.config.ts `define`); here it is set the
// way a build would set it, and the route tree is loaded afresh with it.
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function renderWithBase(base: string, path: string) {
  vi.stubEnv('HEADSHOTS_BASE_PATH', base);
  vi.resetModules();
  vi.stubGlobal('fetch', async () => contractResponse('analyticsAccepted', { accepted: 1 }));
  const { appRoutes } = await import('./routes');
  const { Providers, createQueryClient } = await import('../shared/providers');
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('AI Headshots under its configured base path', () => {
  it('mounts the headshot pages at HEADSHOTS_BASE_PATH', async () => {
    await renderWithBase('/portraits', '/portraits/upload');
    expect(await screen.findByRole('heading', { level: 2, name: 'Upload your photos' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Headshots' }).getAttribute('href')).toBe('/portraits');
  });

  it('no longer answers at /headshots when the setting moves it', async () => {
    const router = await renderWithBase('/portraits', '/headshots/upload');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
