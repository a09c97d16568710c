import { defineConfig } from '@playwright/test';

// The Electron smoke test only (test/electron-smoke.spec.ts): `pnpm --filter @shine/desktop test:electron`.
// It is not part of vitest (vitest.config.ts includes src/**/*.test.ts only) nor of the repo's
// Chromium suite in tests/.
export default defineConfig({
  testDir: 'test',
  testMatch: /.*\.spec\.ts$/,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: { trace: 'retain-on-failure' },
});
