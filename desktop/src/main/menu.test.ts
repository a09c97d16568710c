import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildAboutPanelOptions, buildMenuTemplate } from './menu.ts';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

function build(isMac: boolean, isDevelopment = false) {
  const openSettings = vi.fn();
  const openWebsite = vi.fn();
  const items = flatten(buildMenuTemplate({ isMac, isDevelopment, openSettings, openWebsite }));
  return { items, openSettings, openWebsite, roles: items.map((item) => item.role).filter(Boolean) };
}

describe('buildMenuTemplate', () => {
  it.each([true, false])('has the usual roles (macOS: %s)', (isMac) => {
    const { roles } = build(isMac);
    for (const role of [
      'undo',
      'redo',
      'cut',
      'copy',
      'paste',
      'selectAll',
      'reload',
      'forceReload',
      'zoomIn',
      'zoomOut',
    ]) {
      expect(roles).toContain(role);
    }
    expect(roles).toContain('about');
    expect(roles).toContain(isMac ? 'hide' : 'quit');
    expect(roles).toContain('quit');
  });

  it.each([true, false])(
    'has one Settings… item, on Cmd/Ctrl+comma, that asks the renderer to open Settings (macOS: %s)',
    (isMac) => {
      const { items, openSettings } = build(isMac);
      const settings = items.filter((item) => item.id === 'settings');
      expect(settings).toHaveLength(1);
      expect(settings[0]?.label).toBe('Settings…');
      expect(settings[0]?.accelerator).toBe('CmdOrCtrl+,');
      (settings[0]!.click as () => void)();
      expect(openSettings).toHaveBeenCalledOnce();
    },
  );

  it('names the app menu after the app on macOS', () => {
    expect(
      buildMenuTemplate({ isMac: true, isDevelopment: false, openSettings() {}, openWebsite() {} })[0]?.label,
    ).toBe('Lone Star Shine CRM');
  });

  it('offers DevTools only in development', () => {
    expect(build(false, false).roles).not.toContain('toggleDevTools');
    expect(build(false, true).roles).toContain('toggleDevTools');
  });

  it('links the company website from Help', () => {
    const { items, openWebsite } = build(false);
    const website = items.find((item) => item.label === 'Lone Star Shine website');
    expect(website).toBeDefined();
    (website!.click as () => void)();
    expect(openWebsite).toHaveBeenCalledOnce();
  });
});

describe('buildAboutPanelOptions', () => {
  it('names the app, its version and the company', () => {
    const options = buildAboutPanelOptions('1.2.3', '/icon.png');
    expect(options).toMatchObject({
      applicationName: 'Lone Star Shine CRM',
      applicationVersion: '1.2.3',
      website: 'https://lonestarshine.example.com',
      iconPath: '/icon.png',
    });
    expect(options.copyright).toMatch(/^© \d{4} Lone Star Shine Cleaning$/);
  });
});
