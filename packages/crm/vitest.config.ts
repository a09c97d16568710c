import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    testTimeout: 20_000,
    // One module graph per worker instead of per file: importing antd, React and jsdom again for each
    // of ~60 files was four fifths of the suite's CPU time (226 s → 62 s wall on a loaded 2-core
    // machine). Files still get a fresh DOM (setup.ts cleans up after every test) and their own
    // QueryClient; a file that needs a module of its own resets it with vi.resetModules().
    isolate: false,
  },
});
