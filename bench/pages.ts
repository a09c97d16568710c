// `pnpm bench --pages` (docs/performance.md, "Any page fast"): the lead list at depth and in every
// sort, each against the bare node:http baseline of the same run (bench/load.ts), on the seeded
// 100k leads. Every request asks for a different page, so the ETag memo (last 100 pages) seldom
// answers:
// - the last pages by number (page 1,950–2,000 of 2,000, any sort and order: 918 distinct pages);
// - each sort on its own, a random page 1–2,000 in either order (4,000 distinct pages per sort);
// - the next page by cursor from random rows, any sort and order (every cursor different);
// - page 1 (memoised, as the CRM polls it) against a random page by number in the default order, the
//   ratio of the two being the measure of "a page by number costs what page 1 costs"; after a seed in
//   the same run (`--reseed`), the random pages first, on the tables exactly as `pnpm seed` left them.
// Writes bench/results/pages.json.
//
//   pnpm bench --pages [--duration 10] [--rounds 5] [--connections 32] [--database-url URL] [--profile]
// --profile: then the last pages and the cursor pages again, 8 s each, against a server with V8's CPU
// profiler on (bench/cpu-profile.ts): where the time goes, and whether Node or PostgreSQL is the limit.
// (with --connections other than 32 the file is bench/results/pages-<n>-connections.json)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeLeadCursor } from '../api/src/leads/lead-cursor.ts';
import { LEAD_SORTS } from '../api/src/leads/lead-list.queries.ts';
import { responseKey } from './baseline-server.ts';
import { psql } from './database.ts';
import { recordResponse, sendRaw } from './http.ts';
import { measureScenario, type Scenario, startBaselineServer, summariseAutocannon } from './load.ts';
import { printScenarioProfile, profileScenario, type ScenarioProfile } from './cpu-profile.ts';
import { recordLoadAverage } from './load-average.ts';
import { writeBenchResult } from './results.ts';
import { signIn, startAppServer } from '../scripts/server-process.ts';

const LIST = '/api/admin/leads';
const PAGE_SIZE = 50;
const ORDERS = ['asc', 'desc'] as const;
// The API's own sorts (bench/ has no dependency on the shared package).
const LEAD_SORT_FIELDS = Object.keys(LEAD_SORTS) as Array<keyof typeof LEAD_SORTS>;
/** Rows per sort to start cursors from. */
const CURSOR_ROWS = 400;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

/** Cursors "after" random rows of every sort and order (each the next page of some page). */
function randomCursors(databaseUrl: string): string[] {
  const cursors: string[] = [];
  for (const sort of LEAD_SORT_FIELDS) {
    const rows = psql(
      databaseUrl,
      `select (${LEAD_SORTS[sort].expression})::text || '|' || id from leads order by random() limit ${CURSOR_ROWS}`,
    ).split('\n');
    for (const row of rows) {
      const split = row.lastIndexOf('|');
      const order = pick(ORDERS);
      cursors.push(
        `sort=${sort}&order=${order}&cursor=${encodeLeadCursor({
          sort,
          order,
          direction: 'after',
          key: row.slice(0, split),
          id: row.slice(split + 1),
          page: 2,
        })}`,
      );
    }
  }
  return cursors;
}

export async function benchPages(settings: {
  databaseUrl: string;
  duration: number;
  rounds: number;
  connections: number;
  serverEnv: Record<string, string | undefined>;
  admin: { email: string; password: string };
  profile: boolean;
  /** The database was seeded by this run: the first scenario measures the tables as `pnpm seed` left them. */
  justSeeded: boolean;
}): Promise<void> {
  const { databaseUrl, duration, rounds, connections } = settings;
  const load = recordLoadAverage('bench --pages');
  const totalPages = Math.ceil(Number(psql(databaseUrl, 'select count(*) from leads')) / PAGE_SIZE);
  const cursors = randomCursors(databaseUrl);
  const server = await startAppServer(settings.serverEnv);
  const workDir = mkdtempSync(path.join(tmpdir(), 'shine-bench-pages-'));
  let baseline: Awaited<ReturnType<typeof startBaselineServer>> | null = null;
  try {
    const cookie = await signIn(server.url, settings.admin.email, settings.admin.password);
    const headers = { cookie, accept: 'application/json' };
    const scenario = (name: string, vary: () => string): Scenario => {
      const query = vary();
      return {
        name,
        method: 'GET',
        path: `${LIST}?${query}`,
        varyPath: () => `${LIST}?${vary()}`,
        headers,
        expect: 200,
        target: { p99Ms: 100 },
      };
    };
    const randomPage = () => `page=${between(1, totalPages)}`;
    const firstPage: Scenario = {
      ...scenario('page 1, default order (memoised)', () => 'page=1'),
      varyPath: undefined,
    };
    const randomByNumber = scenario(`random page 1–${totalPages} by number, default order`, randomPage);
    const cursorPages = scenario('next page by cursor from a random row, any sort and order', () => pick(cursors));
    const scenarios: Scenario[] = [
      ...(settings.justSeeded
        ? [scenario(`random page 1–${totalPages} by number, right after pnpm seed (no other VACUUM)`, randomPage)]
        : []),
      firstPage,
      randomByNumber,
      scenario(
        `last pages by number (${totalPages - 50}–${totalPages} of ${totalPages}), any sort and order`,
        () => `sort=${pick(LEAD_SORT_FIELDS)}&order=${pick(ORDERS)}&page=${between(totalPages - 50, totalPages)}`,
      ),
      cursorPages,
      ...LEAD_SORT_FIELDS.map((sort) =>
        scenario(
          `sort=${sort}, random page 1–${totalPages}, either order`,
          () => `sort=${sort}&order=${pick(ORDERS)}&page=${between(1, totalPages)}`,
        ),
      ),
    ];
    const recorded: Record<string, unknown> = {};
    for (const each of scenarios) {
      const response = await sendRaw(server.url, each);
      if (response.status !== 200) throw new Error(`${each.name}: ${response.status} ${response.body.toString()}`);
      each.responseBytes = response.body.length;
      recorded[responseKey('GET', each.path, false)] = recordResponse(response);
    }
    const responsesFile = path.join(workDir, 'responses.json');
    writeFileSync(responsesFile, JSON.stringify(recorded));
    baseline = await startBaselineServer(responsesFile);

    const rows: Array<Record<string, string | number>> = [];
    const results: Record<string, unknown> = {};
    for (const each of scenarios) {
      const measured = await measureScenario(each, server.url, baseline.url, { connections, duration, rounds });
      results[each.name] = measured;
      rows.push(summariseAutocannon(each, measured));
      console.log(`${each.name}: p99 ${measured.app.p99Ms} ms, ${Math.round(measured.app.requestsPerSecond)} req/s`);
    }
    // The measure of depth: a page by number against page 1, same run, same server.
    const byName = (name: string) => results[name] as Awaited<ReturnType<typeof measureScenario>>;
    const first = byName(firstPage.name);
    // And against a cursor page: the same reads (one indexed range of 51 rows) with no depth at all.
    const cursor = byName(cursorPages.name);
    for (const each of scenarios.filter((candidate) => candidate.name.startsWith('random page'))) {
      const deep = byName(each.name);
      const ratio = deep.app.requestsPerSecond / cursor.app.requestsPerSecond;
      rows.push({
        endpoint: `${each.name} vs a cursor page`,
        'req/s': Math.round(deep.app.requestsPerSecond),
        'p50 ms': deep.app.p50Ms,
        'p99 ms': deep.app.p99Ms,
        'baseline req/s': `cursor: ${Math.round(cursor.app.requestsPerSecond)}`,
        ratio: `${ratio.toFixed(2)}×`,
        target: 'depth costs nothing: ~1×',
        verdict: ratio >= 0.8 ? 'ok' : 'MISS',
      });
    }
    for (const each of scenarios.filter((candidate) => candidate.name.startsWith('random page'))) {
      const deep = byName(each.name);
      const ratio = deep.app.requestsPerSecond / first.app.requestsPerSecond;
      rows.push({
        endpoint: `${each.name} vs page 1`,
        'req/s': Math.round(deep.app.requestsPerSecond),
        'p50 ms': deep.app.p50Ms,
        'p99 ms': deep.app.p99Ms,
        'baseline req/s': `page 1: ${Math.round(first.app.requestsPerSecond)}`,
        ratio: `${ratio.toFixed(2)}×`,
        target: '>= 0.5× page 1, p99 <= 100 ms',
        verdict: ratio >= 0.5 && deep.app.p99Ms <= 100 ? 'ok' : 'MISS',
      });
    }
    const loadAverage = load.end();
    console.table(rows);
    const profiles: ScenarioProfile[] = [];
    if (settings.profile) {
      await server.stop();
      for (const each of scenarios.slice(0, 2)) {
        const profile = await profileScenario({ scenario: each, ...settings, seconds: 8 });
        printScenarioProfile(profile);
        profiles.push(profile);
      }
    }
    // One connection: the server's own time per request, without queueing behind 31 others.
    writeBenchResult(connections === 32 ? 'pages' : `pages-${connections}-connections`, {
      settings: {
        pages: totalPages,
        pageSize: PAGE_SIZE,
        duration,
        rounds,
        connections,
        justSeeded: settings.justSeeded,
      },
      loadAverage,
      table: rows,
      results,
      profiles,
    });
  } finally {
    await baseline?.stop();
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
