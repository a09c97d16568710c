/**
 * Design tokens shared by the site (as CSS custom properties), the CRM (as an antd theme) and the
 * desktop app's own screens. Colours are checked for WCAG AA contrast against white where they carry text.
 */
export const colors = {
  primary: '#0b5cad', // 6.6:1 on white
  primaryHover: '#094a8c',
  primarySoft: '#e8f1fb',
  accent: '#0f7a5c', // eco green, 5.4:1 on white
  accentSoft: '#e7f5f0',
  promo: '#b4410e', // 5.6:1 on white
  promoSoft: '#fff3eb',
  star: '#f5a524',
  text: '#1b2430',
  textMuted: '#4a5565', // 7.4:1 on white
  border: '#d7dde5',
  surface: '#ffffff',
  surfaceAlt: '#f5f7fa',
  danger: '#b42318',
  success: '#067647',
  warning: '#b54708',
} as const;

export const typography = {
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  scale: { xs: 12, sm: 14, base: 16, lg: 18, xl: 20, '2xl': 24, '3xl': 30, '4xl': 36, '5xl': 48 },
  lineHeight: 1.6,
} as const;

export const spacing = { 1: 4, 2: 8, 3: 12, 4: 16, 5: 24, 6: 32, 7: 48, 8: 64 } as const;

export const radius = { sm: 6, md: 10, lg: 16, pill: 999 } as const;

export const shadow = {
  card: '0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.1)',
  raised: '0 12px 24px -6px rgba(16, 24, 40, 0.18)',
} as const;

/** Timings both the site and the CRM follow, so a toast or a scroll behaves the same in each, in milliseconds. */
export const motion = {
  toastDurationMs: 5_000,
  /** Lets the new content lay out before the page scrolls back to the top. */
  scrollToTopDelayMs: 50,
} as const;

/** The tokens as CSS custom properties (`--color-primary`, `--space-4`, ...). */
export function buildCssVariables(): string {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(colors)) lines.push(`--color-${kebab(name)}: ${value};`);
  for (const [name, value] of Object.entries(typography.scale)) lines.push(`--text-${name}: ${value / 16}rem;`);
  for (const [name, value] of Object.entries(spacing)) lines.push(`--space-${name}: ${value / 16}rem;`);
  for (const [name, value] of Object.entries(radius)) lines.push(`--radius-${name}: ${value}px;`);
  for (const [name, value] of Object.entries(shadow)) lines.push(`--shadow-${name}: ${value};`);
  lines.push(`--font-sans: ${typography.fontFamily};`);
  return `:root {\n  ${lines.join('\n  ')}\n}\n`;
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
