// Part of `pnpm lint:imports` (and so `pnpm lint`): inside an API feature, a request goes routes →
// service → queries. A routes file reads the request and writes the answer; it never talks to the
// database itself (no `db(…)`, `trx(…)` or `.raw(…)` there): the service does, through the feature's
// queries. (That a routes file imports no queries file is dependency-cruiser's rule
// routes-call-services-not-queries.) Prints file:line for each call; exits 1 when there is one.
//
//   node scripts/lint-layers.ts [--root DIR]
import { findLines, type MatchedLine, rootArgument } from './source-files.ts';

/** A call of the database handle or of a transaction: `db('leads')`, `trx.raw(…)`, `knex(…)`. */
export const DATABASE_CALL = /\b(?:db|trx|knex)(?:\.raw)?\s*\(/;
const ROUTES_FILE = /^api\/src\/.*\.routes\.ts$/;

export function findDatabaseCallsInRoutes(root: string): MatchedLine[] {
  return findLines(root, DATABASE_CALL, (file) => ROUTES_FILE.test(file)).filter(
    (line) => !line.text.startsWith('//') && !line.text.startsWith('*'),
  );
}

function main(): void {
  const found = findDatabaseCallsInRoutes(rootArgument());
  for (const each of found) console.error(`${each.file}:${each.line}: a routes file calls the database: ${each.text}`);
  if (found.length > 0) {
    console.error(
      `\nlint-layers: ${found.length} database call(s) in routes files. Call the feature's service, which uses its ` +
        'queries (docs/architecture.md, "Inside a feature").',
    );
    process.exit(1);
  }
  console.log('lint-layers: routes files leave the database to their services.');
}

if (import.meta.main) main();
