// Renders the Open Graph card (src/assets/og-image.png) from SVG. Run by hand when the design changes:
//   pnpm --filter @shine/site exec node scripts/generate-og-image.ts
// The PNG is committed so the build never depends on the fonts installed on the build machine.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PROMO_AMOUNT_DOLLARS, PROMO_CODE } from '@shine/shared/constants';
import { colors } from '@shine/design-tokens';
import sharp from 'sharp';
import { BRAND_MARK_PATHS } from '../src/lib/brand-mark.ts';

const assets = path.join(import.meta.dirname, '..', 'src', 'assets');
const hero = await readFile(path.join(assets, 'hero-home.svg'), 'utf8');
const heroInner = hero.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${colors.surface}"/>
  <rect width="1200" height="630" fill="${colors.primarySoft}" opacity="0.55"/>
  <rect x="0" y="590" width="1200" height="40" fill="${colors.primary}"/>
  <g transform="translate(72 72) scale(2)"><rect width="40" height="40" rx="10" fill="${colors.primary}"/>${BRAND_MARK_PATHS}</g>
  <text x="72" y="260" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="700" fill="${colors.text}">Professional</text>
  <text x="72" y="336" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="700" fill="${colors.text}">House Cleaning</text>
  <text x="72" y="400" font-family="DejaVu Sans, Arial, sans-serif" font-size="32" fill="${colors.textMuted}">Dallas-Fort Worth · Eco-friendly</text>
  <rect x="72" y="444" width="520" height="72" rx="36" fill="${colors.promo}"/>
  <text x="332" y="491" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="700" fill="#ffffff">$${PROMO_AMOUNT_DOLLARS} off · code ${PROMO_CODE}</text>
  <g transform="translate(640 120) scale(0.98)">${heroInner}</g>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(path.join(assets, 'og-image.png'));
console.log('wrote src/assets/og-image.png');
