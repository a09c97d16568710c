import { defineConfig } from 'vitest/config';

// Unit tests of the main process, preload and the renderer's pure logic, in Node. The Playwright
// smoke test (test/electron-smoke.spec.ts) is not a vitest file and is kept out explicitly.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    exclude: ['test/**', 'out/**', 'release/**', 'node_modules/**'],
    environment: 'node',
  },
});
