import { colors, motion, radius, typography } from '@shine/design-tokens';
import type { ThemeConfig } from 'antd';
import { TOOLTIP_OPEN_DELAY_MS } from './tooltip-delay.ts';

/** The class antd puts on every component's root so that the theme's CSS variables apply to it. */
export const CRM_THEME_CLASS = 'shine-crm';

/** The antd theme built from the design tokens shared with the site. */
export const crmTheme: ThemeConfig = {
  cssVar: { key: CRM_THEME_CLASS },
  token: {
    colorPrimary: colors.primary,
    colorInfo: colors.primary,
    colorSuccess: colors.success,
    colorWarning: colors.warning,
    colorError: colors.danger,
    colorLink: colors.primary,
    colorLinkHover: colors.primaryHover,
    colorText: colors.text,
    colorTextSecondary: colors.textMuted,
    // antd's default tertiary/description grey is too light for AA body text on white.
    colorTextTertiary: colors.textMuted,
    colorTextDescription: colors.textMuted,
    colorTextPlaceholder: '#687385',
    colorBorder: colors.border,
    colorBgLayout: colors.surfaceAlt,
    colorBgContainer: colors.surface,
    fontFamily: typography.fontFamily,
    fontSize: typography.scale.sm,
    borderRadius: radius.sm,
    borderRadiusLG: radius.md,
  },
  components: {
    Layout: { siderBg: '#0f2a47', triggerBg: '#0b2038', headerBg: colors.surface },
    Menu: { darkItemBg: '#0f2a47', darkSubMenuItemBg: '#0b2038', darkItemSelectedBg: colors.primary },
  },
};

/**
 * Phones: form controls at 16 px. iOS zooms the page into any focused field with smaller text, and
 * stays zoomed after. The rest of the type keeps its size.
 */
const PHONE_CONTROL_FONT_SIZE = 16;

export const crmPhoneTheme: ThemeConfig = {
  ...crmTheme,
  components: {
    ...crmTheme.components,
    Input: { inputFontSize: PHONE_CONTROL_FONT_SIZE, inputFontSizeSM: PHONE_CONTROL_FONT_SIZE },
    InputNumber: { inputFontSize: PHONE_CONTROL_FONT_SIZE, inputFontSizeSM: PHONE_CONTROL_FONT_SIZE },
    DatePicker: { inputFontSize: PHONE_CONTROL_FONT_SIZE, inputFontSizeSM: PHONE_CONTROL_FONT_SIZE },
    Select: { fontSize: PHONE_CONTROL_FONT_SIZE, fontSizeSM: PHONE_CONTROL_FONT_SIZE },
    Mentions: { inputFontSize: PHONE_CONTROL_FONT_SIZE },
  },
};

/** Tooltip defaults (docs/requirements.md#states): open after 700 ms. */
export const tooltipConfig = { mouseEnterDelay: TOOLTIP_OPEN_DELAY_MS / 1000 } as const;

/** Toasts (docs/requirements.md#states): one at a time, 5 s. */
export const toastConfig = { maxCount: 1, duration: motion.toastDurationMs / 1000 } as const;

/**
 * Where toasts show: top right, except on phones, where a toast at the top would cover a full-screen
 * drawer's close button; there they sit at the bottom.
 */
export function toastPlacement(isPhone: boolean) {
  return isPhone ? ('bottom' as const) : ('topRight' as const);
}
