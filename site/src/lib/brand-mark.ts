import { colors } from '@shine/design-tokens';

/** The brand mark as a standalone SVG document (favicon, social image); LogoMark.astro draws the same shape. */
export function buildBrandMarkSvg(size = 40): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="${colors.primary}"/>${BRAND_MARK_PATHS}</svg>`;
}

export const BRAND_MARK_PATHS =
  '<path d="M9 20.5 20 11l11 9.5" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>' +
  '<path d="M12.5 18.5V30h15V18.5" fill="none" stroke="#fff" stroke-width="2.6" stroke-linejoin="round"/>' +
  '<path d="M20 19.5l1.3 3.2 3.2 1.3-3.2 1.3L20 28.5l-1.3-3.2-3.2-1.3 3.2-1.3z" fill="#fff"/>';
