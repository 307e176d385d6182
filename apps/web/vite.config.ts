import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readBasePath } from './src/app/read-base-path';

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
    proxy: Object.fromEntries(
      ['/v1', '/vapi', '/api', '/accounts', '/storage'].map((prefix) => [prefix, apiTarget]),
    ),
  },
});
