// Run before every integration test file (vitest.config.ts, setupFiles). The suite runs without
// isolation (one module graph per worker, not per file), so a hook a support module registered when
// it was loaded would be registered for the first file of each worker only; hooks every file needs
// are registered here, which vitest runs again for each file.
import { afterAll } from 'vitest';
import { dropFileDatabase } from './test-app.ts';

// Registered before the file's own hooks, so it runs after them (after* hooks run in reverse order):
// the file's apps and engines stop first, then its database goes.
afterAll(dropFileDatabase);
