// Folder-level cycles, checked apart from .dependency-cruiser.ts because test files must be left
// out: a folder's tests import the shared test helpers, which import the folder back, and
// dependency-cruiser's folder rules cannot skip cycles that pass through tests. Module-level
// cycles, tests included, are checked by the main configuration.
import type { IConfiguration } from 'dependency-cruiser';
import mainConfig, { NOT_SOURCE, TESTS } from './.dependency-cruiser.ts';

const config: IConfiguration = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment:
        'no-folder-cycles: two folders must not import each other, directly or through others (e.g. leads ↔ activities); move what both need to one of them, or to a folder both import.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    ...mainConfig.options,
    exclude: { path: [NOT_SOURCE, ...TESTS] },
  },
};

export default config;
