// `pnpm lint`'s layers check refuses a routes file that calls the database, with its file and line;
// passes a routes file that calls its service, a service or queries file that calls the database, and
// a routes file whose comment names a call. It refuses a statement naming another feature's table (by
// the query builder or in SQL text) and a table a migration creates that no feature owns, and passes
// a feature composing a subquery its owner hands out. Files are planted in a temporary folder.
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

  it('refuses Express imported by a service, and passes it in routes, middleware and the HTTP plumbing', () => {
    plant({
      'api/src/notes/notes.service.ts':
        "import type { Request } from 'express';\nexport const f = (req: Request) => req;\n",
      'api/src/notes/notes.queries.ts': "import { Router } from 'express';\nexport const g = Router();\n",
      'api/src/notes/notes.middleware.ts':
        "import type { RequestHandler } from 'express';\nexport const h: RequestHandler = () => {};\n",
      'api/src/http/plumbing.ts': "import express from 'express';\nexport const i = express;\n",
    });
    const result = lint();
    assert.equal(result.status, 1);
    assert.match(result.output, /api\/src\/notes\/notes\.service\.ts:1: imports Express below the routes/);
    assert.match(result.output, /api\/src\/notes\/notes\.queries\.ts:1: imports Express below the routes/);
    assert.doesNotMatch(result.output, /middleware\.ts:1|plumbing\.ts:1/);
    remove('api/src/notes/notes.service.ts');
    remove('api/src/notes/notes.queries.ts');
    remove('api/src/notes/notes.middleware.ts');
    remove('api/src/http/plumbing.ts');
  });

  it('refuses a raw statement of a transaction in a routes file', () => {
    plant({ 'api/src/notes/other.routes.ts': "await trx.raw('select 1');\n" });
    const result = lint();
    assert.equal(result.status, 1);
    assert.match(result.output, /other\.routes\.ts:1/);
    remove('api/src/notes/other.routes.ts');
  });

  describe('tables and their owners', () => {
    const OWNERS = "export const TABLE_OWNERS = { notes: 'notes', visits: 'scheduling' } as const;\n";
    const MIGRATION = 'export const up = (k) => k.raw(`create table notes (id int); create table visits (id int)`);\n';

    it("passes a feature naming its own tables and composing its owner's subquery", () => {
      plant({
        'api/src/db/table-owners.ts': OWNERS,
        'api/src/db/migrations/20260101000000_start.ts': MIGRATION,
        'api/src/scheduling/visits.queries.ts':
          "export const visitsOf = (db, id) => db('visits').where({ lead_id: id });\n",
        'api/src/notes/notes.queries.ts':
          "// Notes of a lead's visits: scheduling hands out the subquery of visits.\n" +
          "export const notesOfVisits = (db, visits) => db('notes').whereIn('visit_id', visits);\n",
        'api/src/cli/seed.ts': "await db('visits').insert({ id: 1 });\n",
      });
      const result = lint();
      assert.equal(result.status, 0, result.output);
    });

    it("refuses another feature's table by the query builder and in SQL text, naming file, line and owner", () => {
      plant({
        'api/src/notes/notes-report.queries.ts':
          "export const a = (db) => db('notes').join('visits as v', 'v.id', 'notes.visit_id');\n" +
          'export const b = (db) => db.raw(`select count(*) from visits where id = ?`, [1]);\n',
      });
      const result = lint();
      assert.equal(result.status, 1);
      assert.match(result.output, /notes-report\.queries\.ts:1: names the table visits, which scheduling owns/);
      assert.match(result.output, /notes-report\.queries\.ts:2: names the table visits, which scheduling owns/);
      remove('api/src/notes/notes-report.queries.ts');
    });

    it("passes a file declared to name another feature's table, and refuses the declaration once it no longer does", () => {
      const declared = `${OWNERS}export const NAMED_OUTSIDE_OWNER = { 'api/src/notes/export.ts': ['visits'] };\n`;
      plant({
        'api/src/db/table-owners.ts': declared,
        'api/src/notes/export.ts': 'export const sql = `left join lateral (select 1 from visits v) x on true`;\n',
      });
      assert.equal(lint().status, 0, lint().output);
      plant({ 'api/src/notes/export.ts': 'export const sql = `select 1`;\n' });
      const result = lint();
      assert.equal(result.status, 1);
      assert.match(
        result.output,
        /api\/src\/notes\/export\.ts: names the table visits, which scheduling owns: an exception/,
      );
      remove('api/src/notes/export.ts');
      plant({ 'api/src/db/table-owners.ts': OWNERS });
    });

    it('refuses a table a migration creates that no feature owns', () => {
      plant({
        'api/src/db/migrations/20260102000000_tags.ts':
          'export const up = (k) => k.raw(`create table if not exists tags (id int)`);\n',
      });
      const result = lint();
      assert.equal(result.status, 1);
      assert.match(result.output, /tables a migration creates and no feature owns: tags/);
      remove('api/src/db/migrations/20260102000000_tags.ts');
    });
  });
});
