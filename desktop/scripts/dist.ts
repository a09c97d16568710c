// `pnpm --filter @shine/desktop dist`: installers for this machine's platform (or the platforms
// given, e.g. `pnpm --filter @shine/desktop dist --linux --win`).
// 1. fetches the Electron binary if missing (pnpm never runs electron's install script);
// 2. builds main, preload and renderer with electron-vite;
// 3. runs electron-builder with electron-builder.yml, never publishing from here.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const desktopDir = path.resolve(import.meta.dirname, '..');
// RFC 6761: `.invalid` never resolves. src/main/updates.ts treats it as "updates not configured".
const UPDATE_URL_PLACEHOLDER = 'https://updates.invalid/lone-star-shine-crm';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: desktopDir,
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const updateUrl = process.env.SHINE_UPDATE_URL?.trim();
if (updateUrl && !updateUrl.startsWith('https://')) {
  console.error(`SHINE_UPDATE_URL must be an https:// URL (got ${updateUrl}).`);
  process.exit(1);
}
if (!updateUrl) {
  console.warn(
    `\n!!! SHINE_UPDATE_URL is not set: this build will not check for updates (placeholder ${UPDATE_URL_PLACEHOLDER}).\n`,
  );
}

run(process.execPath, [path.join(desktopDir, 'node_modules/electron/install.js')]);
run('pnpm', ['exec', 'electron-vite', 'build']);
run(
  'pnpm',
  [
    'exec',
    'electron-builder',
    '--config',
    'electron-builder.yml',
    '--publish',
    'never',
    ...process.argv.slice(2).filter((arg) => arg !== '--'),
  ],
  {
    ...process.env,
    SHINE_UPDATE_URL: updateUrl || UPDATE_URL_PLACEHOLDER,
  },
);
