// `pnpm lint`'s layers check refuses a routes file that calls the database, with its file and line;
// passes a routes file that calls its service, a service or queries file that calls the database, and
// a routes file whose comment names a call. Files are planted in a temporary folder.
//
//   pnpm exec node --test scripts/lint-layers.test.ts
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { usePlantedTree } from './planted-tree.ts';

const script = path.join(import.meta.dirname, 'lint-layers.ts');

describe('lint-layers', () => {
  const { plant, remove, lint } = usePlantedTree(script, 'shine-lint-layers-');

  it('passes routes that call their service, and services and queries that call the database', () => {
    plant({
      'api/src/notes/notes.routes.ts':
        "// The service reads db('notes').\nroute(op, async (req, res) => res.json(await listNotes(db, req.query)));\n",
      'api/src/notes/notes.service.ts': 'export const listNotes = (db, query) => findNoteRows(db, query);\n',
      'api/src/notes/notes.queries.ts': "export const findNoteRows = (db) => db('notes').select('*');\n",
    });
    const result = lint();
    assert.equal(result.status, 0, result.output);
  });

  it('refuses a routes file that calls the database, naming the file and line', () => {
    plant({
      'api/src/notes/notes.routes.ts':
        "import x from 'y';\nroute(op, async (req, res) => res.json(await db('notes').where({ id: req.params.id })));\n",
    });
    const result = lint();
    assert.equal(result.status, 1);
    assert.match(result.output, /api\/src\/notes\/notes\.routes\.ts:2: a routes file calls the database/);
    remove('api/src/notes/notes.routes.ts');
  });

  it('refuses a raw statement of a transaction in a routes file', () => {
    plant({ 'api/src/notes/other.routes.ts': "await trx.raw('select 1');\n" });
    const result = lint();
    assert.equal(result.status, 1);
    assert.match(result.output, /other\.routes\.ts:1/);
    remove('api/src/notes/other.routes.ts');
  });
});
