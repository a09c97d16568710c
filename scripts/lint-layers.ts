// Part of `pnpm lint:imports` (and so `pnpm lint`): inside an API feature, a request goes routes →
// service → queries. A routes file reads the request and writes the answer; it never talks to the
// database itself (no `db(…)`, `trx(…)` or `.raw(…)` there): the service does, through the feature's
// queries. (That a routes file imports no queries file is dependency-cruiser's rule
// routes-call-services-not-queries.) Nothing below the routes knows HTTP: Express is imported only by
// routes files, middleware files (`*.middleware.ts`), the HTTP plumbing (`http/`) and the app's root
// files that wire them. And a feature owns its tables (api/src/db/table-owners.ts): no
// other feature's file names one in a statement, and every table a migration creates has an owner.
// Prints file:line for each finding; exits 1 when there is one.
//
//   node scripts/lint-layers.ts [--root DIR]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findLines, listSourceFiles, type MatchedLine, rootArgument } from './source-files.ts';

/** A call of the database handle or of a transaction: `db('leads')`, `trx.raw(…)`, `knex(…)`. */
export const DATABASE_CALL = /\b(?:db|trx|knex)(?:\.raw)?\s*\(/;
const ROUTES_FILE = /^api\/src\/.*\.routes\.ts$/;

export function findDatabaseCallsInRoutes(root: string): MatchedLine[] {
  return findLines(root, DATABASE_CALL, (file) => ROUTES_FILE.test(file)).filter(
    (line) => !line.text.startsWith('//') && !line.text.startsWith('*'),
  );
}

/**
 * An import of Express itself (its request, answer and router). Its companions' plain parts stay
 * usable below: the session and rate-limit stores the database keeps (db/), and express-rate-limit's
 * key of an address (a pure function).
 */
export const EXPRESS_IMPORT = /^\s*(?:import|export)\b.*\bfrom\s+['"]express['"]/;
/** The files that may speak HTTP: routes, middleware, the HTTP plumbing, the root files, tests. */
const MAY_IMPORT_EXPRESS = /\.(?:routes|middleware)\.ts$|^api\/src\/(?:http\/|[^/]+\.ts$)|\.test\.ts$/;

export function findExpressBelowRoutes(root: string): MatchedLine[] {
  return findLines(root, EXPRESS_IMPORT, (file) => file.startsWith('api/src/') && !MAY_IMPORT_EXPRESS.test(file));
}

const OWNERS_FILE = 'api/src/db/table-owners.ts';
const MIGRATIONS = 'api/src/db/migrations';
/** Files that may name any table: migrations, tests, and the command-line tools (seeds, diagnostics). */
const MAY_NAME_ANY_TABLE = /^api\/src\/(?:db\/migrations|cli)\/|\.test\.ts$/;

/** A table named by a statement on a line: `db('visits')`, `.join('quotes as q')`, `from visits v`, … */
function tableReference(tables: readonly string[]): RegExp {
  const name = `(${[...tables].sort((a, b) => b.length - a.length).join('|')})\\b`;
  return new RegExp(
    [
      `\\b(?:db|trx|knex|tx)\\s*\\(\\s*['"\`]${name}`,
      `\\.(?:from|join|leftJoin|innerJoin|rightJoin|fullOuterJoin|crossJoin|into|table)\\s*\\(\\s*['"\`]${name}`,
      `\\b(?:from|join|into|update)\\s+"?${name}`,
    ].join('|'),
    'gi',
  );
}

/** The feature a file of the API belongs to (its folder under api/src), or the file itself at the top. */
const featureOf = (file: string) => file.split('/')[2] ?? file;

export interface TableFinding extends MatchedLine {
  table: string;
  owner: string;
}

/** The declaration: each table's owner, and the files declared to name another feature's table. */
export interface TableDeclaration {
  owners: Readonly<Record<string, string>>;
  namedOutsideOwner: Readonly<Record<string, readonly string[]>>;
}

/** Lines of a feature that name a table another feature owns (and declared exceptions no longer needed). */
export function findTablesNamedOutsideOwner(root: string, declaration: TableDeclaration): TableFinding[] {
  const owners = declaration.owners;
  const found: TableFinding[] = [];
  if (Object.keys(owners).length === 0) return found;
  const stillNamed = new Set<string>();
  const pattern = tableReference(Object.keys(owners));
  const files = listSourceFiles(root).filter((file) => file.startsWith('api/src/') && !MAY_NAME_ANY_TABLE.test(file));
  for (const file of files) {
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const text = line.trim();
        if (text.startsWith('//') || text.startsWith('*')) return;
        for (const match of line.matchAll(pattern)) {
          const table = match.slice(1).find(Boolean)?.toLowerCase() ?? '';
          const owner = owners[table] ?? '';
          if (owner === featureOf(file)) continue;
          if (declaration.namedOutsideOwner[file]?.includes(table)) {
            stillNamed.add(`${file} ${table}`);
            continue;
          }
          found.push({ file, line: index + 1, text, table, owner });
        }
      });
  }
  for (const [file, tables] of Object.entries(declaration.namedOutsideOwner)) {
    for (const table of tables) {
      if (!stillNamed.has(`${file} ${table}`)) {
        found.push({
          file,
          line: 0,
          text: 'an exception in table-owners.ts the file no longer needs',
          table,
          owner: owners[table] ?? '',
        });
      }
    }
  }
  return found;
}

/** Tables a migration creates that the declaration gives no owner. */
export function findTablesWithoutOwner(root: string, owners: Readonly<Record<string, string>>): string[] {
  const folder = path.join(root, MIGRATIONS);
  if (!existsSync(folder)) return [];
  const created = new Set<string>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(path.join(folder, file), 'utf8');
    for (const match of source.matchAll(
      /create\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?"?([a-z_][a-z0-9_]*)/gi,
    )) {
      created.add((match[1] ?? '').toLowerCase());
    }
  }
  return [...created].filter((table) => !(table in owners)).sort();
}

async function readDeclaration(root: string): Promise<TableDeclaration> {
  const file = path.join(root, OWNERS_FILE);
  if (!existsSync(file)) return { owners: {}, namedOutsideOwner: {} };
  const declared = (await import(pathToFileURL(file).href)) as {
    TABLE_OWNERS: Record<string, string>;
    NAMED_OUTSIDE_OWNER?: Record<string, readonly string[]>;
  };
  return { owners: declared.TABLE_OWNERS, namedOutsideOwner: declared.NAMED_OUTSIDE_OWNER ?? {} };
}

async function main(): Promise<void> {
  const root = rootArgument();
  let failed = false;
  const found = findDatabaseCallsInRoutes(root);
  for (const each of found) console.error(`${each.file}:${each.line}: a routes file calls the database: ${each.text}`);
  if (found.length > 0) {
    console.error(
      `\nlint-layers: ${found.length} database call(s) in routes files. Call the feature's service, which uses its ` +
        'queries (docs/architecture.md, "Inside a feature").',
    );
    failed = true;
  }
  const express = findExpressBelowRoutes(root);
  for (const each of express)
    console.error(`${each.file}:${each.line}: imports Express below the routes: ${each.text}`);
  if (express.length > 0) {
    console.error(
      `\nlint-layers: ${express.length} file(s) below the routes import Express. Read the request and write the ` +
        'answer in a routes (or middleware) file, and hand the service plain values (docs/architecture.md, "Inside a feature").',
    );
    failed = true;
  }
  const declaration = await readDeclaration(root);
  const outside = findTablesNamedOutsideOwner(root, declaration);
  for (const each of outside) {
    const where = each.line > 0 ? `${each.file}:${each.line}` : each.file;
    console.error(`${where}: names the table ${each.table}, which ${each.owner} owns: ${each.text}`);
  }
  if (outside.length > 0) {
    console.error(
      `\nlint-layers: ${outside.length} statement(s) name another feature's table. Call the owner's service, or ` +
        `compose a subquery it hands out (${OWNERS_FILE}; docs/architecture.md, "Who owns which table").`,
    );
    failed = true;
  }
  const unowned = findTablesWithoutOwner(root, declaration.owners);
  if (unowned.length > 0) {
    console.error(
      `lint-layers: tables a migration creates and no feature owns: ${unowned.join(', ')}. Name each in ${OWNERS_FILE}.`,
    );
    failed = true;
  }
  if (failed) process.exit(1);
  console.log(
    "lint-layers: routes files leave the database to their services, and only they speak HTTP; each table is named by its owner's files alone.",
  );
}

if (import.meta.main) await main();
