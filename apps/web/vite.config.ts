import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readBasePath } from './src/app/read-base-path.ts';

const basePath = readBasePath(process.env.BASE_PATH);

// Lets the server check that the dist it serves was built for its own BASE_PATH.
function buildInfo(): Plugin {
  return {
    name: 'ai-covers-build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build-info.json',
        source: JSON.stringify({ basePath }, null, 2) + '\n',
      });
    },
  };
}

const apiTarget = 'http://localhost:8080';

export default defineConfig({
  base: basePath + '/',
  plugins: [react(), buildInfo()],
  build: { manifest: true, outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5173,
    // The API, the account provider, the object store, and the server's own pages: the login
    // callback under the lab plugins path and the promotion page.
    proxy: Object.fromEntries(
      ['/v1', '/vapi', '/api', '/accounts', '/storage', '/lab/plugins', `${basePath}/promotion.html`].map(
        (prefix) => [prefix, apiTarget],
      ),
    ),
  },
});
