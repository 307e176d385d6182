import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readBasePath, readHeadshotsBasePath } from './src/shared/routing/read-base-path.ts';
import { copyPreload } from './copy-preload.ts';
import { precompress } from './precompress.ts';
import { prerenderPages } from './prerender-pages.ts';
import { routePages } from './route-pages.ts';
import { routePreload } from './route-preload.ts';

const basePath = readBasePath(process.env.BASE_PATH);
// The server reads the same setting; `npm start` builds the web app with the same environment.
const headshotsBasePath = readHeadshotsBasePath(process.env.HEADSHOTS_BASE_PATH);

// Lets the server check that the dist it serves was built for its own BASE_PATH and HEADSHOTS_BASE_PATH.
function buildInfo(): Plugin {
  return {
    name: 'ai-covers-build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build-info.json',
        source: JSON.stringify({ basePath, headshotsBasePath }, null, 2) + '\n',
      });
    },
  };
}

const apiTarget = 'http://localhost:8080';
const DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];
type OutgoingRequest = { getHeader(name: string): unknown; setHeader(name: string, value: string): void };

export default defineConfig(({ isSsrBuild }) => ({
  base: basePath + '/',
  // The SSR build is the prerender's own (prerender-pages.ts): it needs the app's plugins only.
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        buildInfo(),
        copyPreload(),
        routePreload(routePages(headshotsBasePath.slice(1))),
        precompress(),
        // The first pages a visitor opens, painted before the app's script has run (decision 240).
        prerenderPages(['', 'covers/new', 'pricing', headshotsBasePath.slice(1), 'account']),
      ],
  define: { 'import.meta.env.HEADSHOTS_BASE_PATH': JSON.stringify(headshotsBasePath) },
  build: { manifest: true, outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5173,
    // The API, the account provider, the object store, and the server's own pages: the login
    // callback under the lab plugins path and the promotion page.
    // The server refuses state-changing requests from other origins, and this dev server is one
    // (:5173): its own pages' requests are passed on as coming from the API's origin.
    proxy: Object.fromEntries(
      ['/v1', '/vapi', '/api', '/accounts', '/storage', '/lab/plugins', `${basePath}/promotion.html`].map(
        (prefix) => [
          prefix,
          {
            target: apiTarget,
            configure: (proxy: { on(event: 'proxyReq', fn: (req: OutgoingRequest) => void): void }) =>
              proxy.on('proxyReq', (req) => {
                const origin = req.getHeader('origin');
                if (typeof origin === 'string' && DEV_ORIGINS.includes(origin))
                  req.setHeader('origin', apiTarget);
              }),
          },
        ],
      ),
    ),
  },
}));
