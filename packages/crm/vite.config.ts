import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Browser build of the CRM, served by the all-in-one server at /admin (history fallback for its routes).
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
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
