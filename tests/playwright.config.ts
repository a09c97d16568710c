import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.ts';
import {
  E2E_ADMIN,
  E2E_BASE_URL,
  E2E_MAIL_BASE_URL,
  E2E_MAIL_PORT,
  E2E_PORT,
  E2E_SMS_AUTH_TOKEN,
  E2E_SMS_PORT,
  E2E_SMTP_PORT,
} from './support/env.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
// A fresh embedded database for every run, so specs never see another run's data. The config is
// loaded again in every worker: they inherit the directory through E2E_DATA_DIR, and only the run
// that made it removes it, when it exits (after the web server has been stopped).
const ownDataDir = process.env.E2E_DATA_DIR === undefined;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'shine-e2e-'));
if (ownDataDir) {
  process.env.E2E_DATA_DIR = dataDir;
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  mkdirSync(path.join(dataDir, 'mail'));
}

// CHROMIUM_PATH, an installed Chromium (its headless shell first: lighter, and the specs need no
// window), or the one the @sparticuz/chromium package ships (Linux x64).
const browser = await findChromium({ headlessShell: true });

const chromium = { ...devices['Desktop Chrome'], channel: undefined };
const SOLO_SPECS = /crm\/(live|lead-alerts|team)\.spec\.ts$/;
/** The specs on the quote-mail server (E2E_MAIL_BASE_URL): one at a time, beside the others. */
const MAIL_SPECS = /crm\/(quotes|conversations|schedule|booking-cancel|payments|missed-calls|account)\.spec\.ts$/;
const SETUP = /\.setup\.ts$/;

function serverEnv(port: number, dataDirectory: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: String(port),
    DATA_DIR: dataDirectory,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: 'warn',
    // The suite submits many quotes and logins from one client; production limits stay the default.
    RATE_LIMIT_LEADS_PER_MINUTE: '1000',
    RATE_LIMIT_LOGIN_PER_15_MINUTES: '1000',
    RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '1000',
    // The server never closes a spec's idle connection during a run. With the default 5 s, a request
    // Playwright's API client sent on a connection idle that long could cross the server's close and be
    // reset (ECONNRESET; browsers retry, Playwright's client does not). The client lets a connection go
    // a second before the announced timeout, unless its worker is stalled for seconds on a loaded
    // machine: that is how two specs met it in CI (docs/testing.md).
    KEEP_ALIVE_TIMEOUT_SECONDS: '3600',
  };
}

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A spec's whole budget, not a timing check (each wait inside it still gives up after 10 s). On a
  // 2-core machine whose cores are slower than the one the suite was written on, with both workers'
  // browsers and servers busy, specs that take 10–20 s alone took 40–65 s (docs/testing.md, runs of
  // 2026-11-28): the budget is sized for that machine, not for the fast one.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    // One browser context per worker, reset between specs (Playwright's reuseContext): cookies, cache,
    // storage, service workers, extra pages, routes, bindings, init scripts and the clock are cleared,
    // and the page's renderer stays warm, so a spec no longer pays for a new context and a cold load of
    // the CRM's scripts (24 axe specs and the site's: 350 s → 225 s; docs/testing.md "One context per
    // worker"). Not reset, so no spec may use them: granted permissions, geolocation, offline mode,
    // extra HTTP headers, window.name. A spec whose `test.use` changes another context option (a phone's
    // isMobile and hasTouch, another server's baseURL, a time zone) gets a fresh context as before.
    reuseContext: true,
    // Every spec runs as for someone who asked their system for less motion: the CRM's dialogs, popovers
    // and toasts then appear without zooming (crm/accessibility.spec.ts checks both ways). With the
    // zoom, a click could land on a button still growing: Playwright waits for a box that stays put for
    // two frames, and on a loaded machine the first frame of the zoom (the box at a fifth of its size)
    // lasted that long. The press went down on the small button and came up after it had grown, so no
    // click (CI run 39: an export and a template's delete that never happened; docs/testing.md).
    reducedMotion: 'reduce',
    // A failed spec keeps its trace: each action's timing, the network with its timings, the console
    // (and the runner's error context has the page's accessibility tree). No screencast and no DOM
    // snapshot per action: recording them for every spec made the browsers the run's busiest processes
    // (three axe/drawer specs: 233 s with them, 195 s without; docs/testing.md).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    launchOptions: {
      executablePath: browser.executablePath,
      args: CHROMIUM_ARGS,
      env: { ...process.env, ...browser.env },
    },
  },
  projects: [
    // Before any spec: the shared admin's new-lead toasts off (crm/quiet-alerts.setup.ts).
    { name: 'setup', use: chromium, testMatch: SETUP },
    { name: 'chromium', use: chromium, testIgnore: [SOLO_SPECS, MAIL_SPECS], dependencies: ['setup'] },
    // The quote-mail server's specs share its SMTP capture's port (each starts the server on it), its
    // on-duty roster and its crews' free windows (a booking of one is a busy window of the next): they
    // run one at a time, on one worker, while the other worker runs the main server's specs.
    { name: 'chromium-mail', use: chromium, testMatch: MAIL_SPECS, dependencies: ['setup'], workers: 1 },
    // Specs that watch every new lead of the shared server (the live stream's alerts), change what
    // happens to every lead (speed-to-lead alerts) or count on who round robin can choose (team: only
    // its own two reps; My Day's reps, set up while it runs, would take turns) run after the others, one
    // at a time: another spec's quotes or people would otherwise interleave with what they watch.
    { name: 'chromium-solo', use: chromium, testMatch: SOLO_SPECS, dependencies: ['chromium'], workers: 1 },
  ],
  webServer: [
    {
      command: 'node api/src/server.ts',
      cwd: repoRoot,
      url: `${E2E_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: serverEnv(E2E_PORT, dataDir),
    },
    // crm/quotes.spec.ts, crm/schedule.spec.ts and crm/booking-cancel.spec.ts: quotes and bookings e-mailed to the SMTP server the
    // spec starts, on a database of their own;
    // crm/conversations.spec.ts: texts sent to the SMS stand-in that spec starts, and the inbound SMS
    // webhook signed over this server's PUBLIC_ORIGIN.
    {
      command: 'node api/src/server.ts',
      cwd: repoRoot,
      url: `${E2E_MAIL_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv(E2E_MAIL_PORT, path.join(dataDir, 'mail')),
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        PUBLIC_ORIGIN: E2E_MAIL_BASE_URL,
        SMS_API_URL: `http://127.0.0.1:${E2E_SMS_PORT}`,
        SMS_ACCOUNT_SID: 'ACe2e',
        SMS_AUTH_TOKEN: E2E_SMS_AUTH_TOKEN,
        SMS_FROM: '+12145550000',
      },
    },
  ],
});
