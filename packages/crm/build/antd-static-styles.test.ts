import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crmPhoneTheme, crmTheme } from '../src/ui/theme.ts';
import { renderAntdStyles, STYLED_ANTD_COMPONENTS } from './antd-static-styles.ts';

const SOURCE = path.join(import.meta.dirname, '../src');
/** Exports of 'antd' that draw nothing of their own. */
const UNSTYLED = new Set(['ConfigProvider', 'theme']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The values (not types) the CRM imports from 'antd'. */
function importedAntdComponents(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(SOURCE)) {
    const code = readFileSync(file, 'utf8');
    for (const [, isTypeOnly, list] of code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'antd'/g)) {
      if (isTypeOnly) continue;
      for (const item of (list ?? '').split(',')) {
        const name = item
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

describe('antd static styles', () => {
  const css = renderAntdStyles(crmTheme);

  it('covers every antd component the CRM imports', () => {
    const missing = [...importedAntdComponents()].filter(
      (name) => !UNSTYLED.has(name) && !STYLED_ANTD_COMPONENTS.includes(name),
    );
    expect(missing).toEqual([]);
  });

  it('holds the rules, including those of layers drawn only when open', () => {
    for (const selector of [
      '.ant-table',
      '.ant-select-dropdown',
      '.ant-dropdown',
      '.ant-tooltip',
      '.ant-modal',
      '.ant-notification',
    ]) {
      expect(css).toContain(`${selector}{`);
    }
  });

  it('leaves the theme to the CSS variables set at run time, so one stylesheet serves both themes', () => {
    expect(css).not.toMatch(/--ant-color-primary\s*:/);
    expect(renderAntdStyles(crmPhoneTheme)).toBe(css);
  });
});
