// Which Chromium the end-to-end tests, Lighthouse and the browser benchmarks drive. In order:
// CHROMIUM_PATH; an installed Chromium or Chrome (for the end-to-end specs, its headless shell first);
// on Linux x64, the real Chromium that the `@sparticuz/chromium` devDependency ships inside its
// package (unpacked once into the temporary directory), so `pnpm install && pnpm test` needs nothing
// else on a fresh Linux machine.
// SHINE_CHROMIUM=bundled skips the installed ones (how that path is tested on a machine that has them).
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ChromiumChoice {
  executablePath: string;
  /** Where it came from, printed at the start of a browser step. */
  source: string;
  /** Environment the browser needs (the bundled one brings its own fonts configuration). */
  env: Record<string, string>;
}

/** The flags every headless run here uses (no sandbox: CI runs as root). */
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const INSTALLED: Partial<Record<NodeJS.Platform, string[]>> = {
  linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'],
  darwin: [
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
  ],
  win32: [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
  ],
};

/** The one command that gives a platform without a bundled browser a Chromium the tests find. */
export const INSTALL_HINT: Partial<Record<NodeJS.Platform, string>> = {
  darwin: 'brew install --cask google-chrome',
  win32: 'winget install Google.Chrome',
  linux: 'sudo apt-get install chromium',
};

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`): the same engine without the
 * browser's windowing layer, the build Playwright itself drives for headless runs.
 */
const HEADLESS_SHELL: Partial<Record<NodeJS.Platform, string[]>> = {
  linux: ['/usr/bin/chromium-headless-shell'],
};

export interface ChromiumOptions {
  /**
   * Take an installed headless shell before the full browser. The end-to-end specs ask for it: the
   * whole suite ran 289 s on it against 334 s on the full browser, both cores busy (docs/testing.md).
   * Lighthouse and the benchmarks keep the full browser, whose figures are the ones visitors get.
   */
  headlessShell?: boolean;
}

/** Where an installed browser may be, the first found taken. */
export function installedCandidates(platform: NodeJS.Platform, options: ChromiumOptions = {}): string[] {
  return [...(options.headlessShell ? (HEADLESS_SHELL[platform] ?? []) : []), ...(INSTALLED[platform] ?? [])];
}

export async function findChromium(options: ChromiumOptions = {}): Promise<ChromiumChoice> {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) {
    if (!existsSync(explicit)) throw new Error(`CHROMIUM_PATH is ${explicit}, which does not exist`);
    return { executablePath: explicit, source: 'CHROMIUM_PATH', env: {} };
  }
  if (process.env.SHINE_CHROMIUM !== 'bundled') {
    const installed = installedCandidates(process.platform, options).find((candidate) => existsSync(candidate));
    if (installed) return { executablePath: installed, source: 'installed', env: {} };
  }
  if (process.platform === 'linux' && process.arch === 'x64') {
    const { default: bundled } = await import('@sparticuz/chromium');
    const executablePath = await bundled.executablePath();
    // Its fonts.conf points at the fonts it unpacked beside the binary; a system configuration wins.
    const env: Record<string, string> = existsSync('/etc/fonts/fonts.conf')
      ? {}
      : { FONTCONFIG_PATH: process.env.FONTCONFIG_PATH ?? path.join(tmpdir(), 'fonts') };
    return { executablePath, source: '@sparticuz/chromium (bundled)', env };
  }
  const hint = INSTALL_HINT[process.platform] ?? 'install Google Chrome';
  throw new Error(`No Chromium or Chrome found. Install one (${hint}) or set CHROMIUM_PATH.`);
}

/** `findChromium` as a line for the log: which browser ran. */
export async function describeChromium(choice: ChromiumChoice): Promise<string> {
  const { execFile } = await import('node:child_process');
  const version = await new Promise<string>((resolve) =>
    execFile(
      choice.executablePath,
      ['--version'],
      { env: { ...process.env, ...choice.env }, timeout: 20_000 },
      (error, stdout) => resolve(error ? 'version unknown' : stdout.trim()),
    ),
  );
  return `Browser: ${version} at ${choice.executablePath} (${choice.source})`;
}
