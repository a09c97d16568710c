// Launches the built desktop app in a real Electron against a real all-in-one server, walks the
// first-run setup, signs in, and checks the security settings from inside the running app.
// Runs only where an Electron binary exists: ELECTRON_PATH, or one fetched into node_modules by
// `pnpm --filter @shine/desktop fetch-electron`. Elsewhere it is skipped with a notice.
// Linux without a display: `xvfb-run -a pnpm --filter @shine/desktop test:electron`.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { _electron as electron, type ElectronApplication, expect, type Page, test } from '@playwright/test';

const desktopDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(desktopDir, '..');
const ADMIN = { email: 'desktop-smoke@example.com', password: 'desktop-smoke-correct-horse' };

/**
 * Where the Electron binary is, without `require('electron')`: that require downloads the binary
 * when it is missing, which is exactly what must not happen here.
 */
function findElectronBinary(): string | null {
  const fromEnv = process.env.ELECTRON_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  const packageDir = path.join(desktopDir, 'node_modules', 'electron');
  const pathFile = path.join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = path.join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

const electronBinary = findElectronBinary();
if (!electronBinary) {
  console.warn(
    '\n!!! Electron smoke test SKIPPED: no Electron binary (set ELECTRON_PATH, or run `pnpm --filter @shine/desktop fetch-electron`).\n',
  );
  // Named again in `pnpm test`'s closing summary (the format of api/test/support/missing-parts.ts).
  const missingPartsFile = process.env.SHINE_MISSING_PARTS_FILE;
  if (missingPartsFile) {
    const missing = {
      part: 'the Electron binary',
      skipped: 'the desktop smoke test',
      install: 'pnpm --filter @shine/desktop fetch-electron (downloads it; Linux without a display also needs xvfb)',
    };
    appendFileSync(missingPartsFile, `${JSON.stringify(missing)}\n`);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url}/api/health did not answer in time`);
}

function launchApp(userDataDir: string): Promise<ElectronApplication> {
  return electron.launch({
    executablePath: electronBinary!,
    // Containers usually run as root, where Chromium refuses its OS sandbox; the renderer stays
    // sandboxed in Electron's sense (no Node, context isolation), which is what the checks below test.
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), desktopDir],
    env: { ...process.env, SHINE_DESKTOP_USER_DATA: userDataDir, ELECTRON_RENDERER_URL: '' },
  });
}

test.describe('desktop app (Electron)', () => {
  test.skip(
    !electronBinary,
    'no Electron binary: set ELECTRON_PATH or run `pnpm --filter @shine/desktop fetch-electron`',
  );
  test.skip(
    !existsSync(path.join(desktopDir, 'out/main/index.js')),
    'build the app first: pnpm --filter @shine/desktop build',
  );

  let server: ChildProcess;
  let serverUrl: string;
  let scratch: string;

  test.beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'shine-desktop-smoke-'));
    const port = await freePort();
    serverUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['api/src/server.ts'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(scratch, 'data'),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
      },
    });
    await waitForHealth(serverUrl, server);
  });

  test.afterAll(async () => {
    server?.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  });

  async function signIn(page: Page) {
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login to Dashboard' }).click();
    await expect(page).toHaveURL(/^shine:\/\/app\/admin\/dashboard/);
  }

  test('first run: server setup, sign-in, and a session that survives a restart', async () => {
    const profile = path.join(scratch, 'profile');
    let app = await launchApp(profile);
    let page = await app.firstWindow();

    await expect(page).toHaveTitle(/Lone Star Shine/);
    await expect(page.getByRole('heading', { name: 'Connect to your server' })).toBeVisible();
    await page.getByLabel('Server URL').fill('http://127.0.0.1:1');
    await page.getByRole('button', { name: 'Save and connect' }).click();
    await expect(page.getByRole('status')).toContainText(/Nothing is answering|Cannot reach/);

    await page.getByLabel('Server URL').fill(serverUrl);
    await page.getByRole('button', { name: 'Save and connect' }).click();
    await signIn(page);

    // The security settings, as the running app sees them.
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
    // contextBridge refuses to work without context isolation, so a bridge that exists proves it is on;
    // its functions are proxies from the isolated world, not the preload's own code.
    const bridge = await page.evaluate(() => {
      const exposed = (globalThis as unknown as { shineDesktop?: Record<string, unknown> }).shineDesktop ?? {};
      return { keys: Object.keys(exposed).sort(), source: String(exposed.getSettings) };
    });
    expect(bridge.keys).toEqual(
      ['getAppInfo', 'getSettings', 'onOpenSettings', 'onServerUnreachable', 'setServerUrl', 'testServerUrl'].sort(),
    );
    expect(bridge.source).not.toContain('ipcRenderer');
    expect(await app.evaluate(({ app: electronApp }) => electronApp.getName())).toBe('Lone Star Shine CRM');
    const popup = await page.evaluate(() => window.open('https://example.com/') === null);
    expect(popup).toBe(true);
    expect(app.windows()).toHaveLength(1);

    await app.close();
    app = await launchApp(profile);
    page = await app.firstWindow();
    // Same profile: the stored server and the session cookie are still there.
    await page.goto('shine://app/admin/dashboard');
    await expect(page).toHaveURL(/^shine:\/\/app\/admin\/dashboard/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toHaveCount(0);
    await app.close();
  });

  test('a second launch focuses the first window instead of opening another', async () => {
    const profile = path.join(scratch, 'profile-single');
    const first = await launchApp(profile);
    await first.firstWindow();
    // The second process quits before it is ready (Playwright may not even finish launching it);
    // one that stays up means the single-instance lock did not hold.
    const second = await launchApp(profile).catch(() => null);
    if (second) {
      const quit = await second.waitForEvent('close', { timeout: 15_000 }).then(
        () => true,
        () => false,
      );
      if (!quit) await second.close();
      expect(quit, 'the second instance should quit').toBe(true);
    }
    expect(first.windows()).toHaveLength(1);
    await first.close();
  });
});
