import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { antdStaticStyles } from './build/antd-static-styles.ts';
import { operationRoutes } from './build/operation-routes.ts';

/** Dev only: the app lives under /admin/, but people (and the brief) type /admin. */
function redirectBareBase(): Plugin {
  return {
    name: 'shine-crm-redirect-bare-base',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url === '/admin' || req.url?.startsWith('/admin?')) {
          res.statusCode = 302;
          res.setHeader('Location', req.url.replace('/admin', '/admin/'));
          res.end();
          return;
        }
        next();
      });
    },
  };
}

// Browser build of the CRM, served by the all-in-one server at /admin (history fallback for its routes).
export default defineConfig({
  base: '/admin/',
  plugins: [react(), antdStaticStyles(), operationRoutes(), redirectBareBase()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5174,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false } },
  },
});
