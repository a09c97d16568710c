import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { APP_ID, APP_NAME } from './main/app-identity.ts';

const desktopDir = path.resolve(import.meta.dirname, '..');
const builderConfig = parse(readFileSync(path.join(desktopDir, 'electron-builder.yml'), 'utf8'));
const packageJson = JSON.parse(readFileSync(path.join(desktopDir, 'package.json'), 'utf8'));

describe('electron-builder.yml', () => {
  // Its budget is a minute, not vitest's default 5 s: the test loads electron-builder's engine and
  // compiles its schema, 3.3 s on an idle 2-core machine and 5.9–6.7 s beside another `pnpm test`.
  it('passes electron-builder’s own schema validation', { timeout: 60_000 }, async () => {
    // app-builder-lib is electron-builder's engine; its validator runs offline, without Electron.
    const requireFromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder/package.json'));
    const { validateConfiguration } = requireFromBuilder('app-builder-lib/out/util/config/config.js') as {
      validateConfiguration: (config: unknown, logger: { isEnabled: boolean; add(): void }) => Promise<void>;
    };
    await expect(validateConfiguration(builderConfig, { isEnabled: false, add() {} })).resolves.toBeUndefined();
  });

  it('names the app as the app names itself', () => {
    expect(builderConfig.appId).toBe(APP_ID);
    expect(builderConfig.productName).toBe(APP_NAME);
    expect(packageJson.productName).toBe(APP_NAME);
  });

  it('packs only the build output and package.json, and no runtime node_modules', () => {
    expect(builderConfig.files).toEqual(['out/**', 'package.json', '!out/**/*.map']);
    expect(packageJson.dependencies ?? {}).toEqual({});
    expect(packageJson.main).toBe('out/main/index.js');
  });

  it('builds AppImage and deb, NSIS, and dmg, with icons and the expected categories', () => {
    expect(builderConfig.linux.target).toEqual(['AppImage', 'deb']);
    expect(builderConfig.linux.category).toBe('Office');
    expect(builderConfig.linux.maintainer).toMatch(/<.+@.+>/);
    expect(builderConfig.win.target).toEqual(['nsis']);
    expect(builderConfig.mac.target).toEqual(['dmg']);
    expect(builderConfig.mac.category).toBe('public.app-category.business');
    expect(builderConfig.directories).toEqual({ buildResources: 'build', output: 'release' });
    for (const icon of [
      'build/icon.png',
      'build/icon.ico',
      'build/icon.icns',
      'build/icons/512x512.png',
      'build/icons/1024x1024.png',
    ]) {
      expect(() => readFileSync(path.join(desktopDir, icon)), icon).not.toThrow();
    }
  });

  it('publishes to a generic feed whose URL the release fills in', () => {
    // electron-builder expands the macro from the environment at build time (see scripts/dist.ts).
    expect(builderConfig.publish).toMatchObject({ provider: 'generic', url: ['$', '{env.SHINE_UPDATE_URL}'].join('') });
  });

  it('flips the fuses that close Electron’s back doors in the packaged binary', () => {
    expect(builderConfig.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      grantFileProtocolExtraPrivileges: false,
      enableCookieEncryption: true,
    });
  });
});

describe('package.json', () => {
  it('keeps the Electron binary out of install, build and test', () => {
    for (const script of ['build', 'test', 'typecheck']) {
      expect(packageJson.scripts[script]).not.toMatch(/install\.js|fetch-electron/);
    }
    expect(packageJson.scripts.build).toBe('electron-vite build');
    expect(packageJson.scripts.dev).toMatch(/fetch-electron/);
  });
});
