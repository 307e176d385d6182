// Test support: a page rendered inside the app's providers and a router, at an address.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { Providers, createQueryClient } from '../providers';
import '../i18n/i18n';

function Where() {
  const location = useLocation();
  const { taskId } = useParams();
  return <p data-testid="where">{taskId ? `task ${taskId}` : location.pathname}</p>;
}

/**
 * Renders `element` at `path` (route pattern `pattern`). The covers list and a cover's page, where
 * pages lead after an action, are stubbed as markers that say where the page went.
 */
export function renderRoute(pattern: string, path: string, element: ReactNode) {
  const client = createQueryClient();
  const utils = render(
    <Providers client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
          {pattern === '/covers' ? null : <Route path="/covers" element={<Where />} />}
          {pattern === '/covers/:taskId' ? null : <Route path="/covers/:taskId" element={<Where />} />}
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return { ...utils, client };
}
