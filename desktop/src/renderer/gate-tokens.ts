import { colors, radius, shadow, typography } from '@shine/design-tokens';
import type { CSSProperties } from 'react';

/** The shared design tokens as CSS custom properties for gate.css: one source of brand colours with the site and CRM. */
export const GATE_TOKENS = {
  '--gate-primary': colors.primary,
  '--gate-primary-hover': colors.primaryHover,
  '--gate-primary-soft': colors.primarySoft,
  '--gate-text': colors.text,
  '--gate-text-muted': colors.textMuted,
  '--gate-border': colors.border,
  '--gate-surface': colors.surface,
  '--gate-surface-alt': colors.surfaceAlt,
  '--gate-danger': colors.danger,
  '--gate-success': colors.success,
  '--gate-warning': colors.warning,
  '--gate-radius': `${radius.md}px`,
  '--gate-radius-lg': `${radius.lg}px`,
  '--gate-shadow': shadow.raised,
  '--gate-font': typography.fontFamily,
} as CSSProperties;
