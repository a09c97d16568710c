import { resolve } from 'node:path';
import { antdStaticStyles } from '@shine/crm/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { APP_BASE_PATH } from './src/main/app-identity.ts';
import { buildDevCsp, RENDERER_CSP } from './src/main/csp.ts';

const DEV_SERVER_PORT = 5175;
const APP_BASE = `${APP_BASE_PATH}/`;

/**
 * Development only: the dev server's fast-refresh preamble is an inline script and HMR needs a
 * WebSocket to the dev server, both of which the production CSP forbids. Swaps the policy in
 * index.html while serving; `electron-vite build` never runs this plugin.
 */
function devCspPlugin(): Plugin {
  return {
    name: 'shine-dev-csp',
    apply: 'serve',
    transformIndexHtml(html) {
      if (!html.includes(RENDERER_CSP)) throw new Error('index.html does not carry RENDERER_CSP');
      return html.replace(RENDERER_CSP, buildDevCsp(`http://localhost:${DEV_SERVER_PORT}`));
    },
  };
}

export default defineConfig({
  main: {
    build: {
      // Nothing is left for node_modules at run time: main is one bundle (electron-updater and zod
      // included), so electron-builder packs out/** and package.json and nothing else.
      externalizeDeps: false,
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/main/index.ts') } },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        // A sandboxed preload is loaded as a classic script: CommonJS in one file, requiring only 'electron'.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    // The app protocol serves this build under /admin, like the CRM's browser build. electron-vite
    // forces `base: './'` for production builds; relative URLs are right for chunks and CSS (resolved
    // against their importer), but index.html is also served for deep routes (/admin/crm/...), so
    // its own tags must be absolute.
    base: APP_BASE,
    experimental: {
      renderBuiltUrl: (filename, { hostType }) => (hostType === 'html' ? `${APP_BASE}${filename}` : { relative: true }),
    },
    plugins: [react(), antdStaticStyles(), devCspPlugin()],
    server: {
      port: DEV_SERVER_PORT,
      strictPort: true,
      // The page runs at shine://app, so the HMR client must be told where the dev server is.
      hmr: { protocol: 'ws', host: 'localhost', port: DEV_SERVER_PORT },
    },
    build: {
      // electron-vite leaves renderers unminified; the CRM is large enough for it to matter at start-up.
      minify: true,
      chunkSizeWarningLimit: 900,
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') } },
    },
  },
});
