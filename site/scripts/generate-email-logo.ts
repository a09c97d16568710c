// Renders the brand mark as the PNG every e-mail carries inline (api/src/email/logo.png): mail apps
// do not show SVG. Twice the size it is shown at (40 px), for sharp screens. Run by hand when the
// mark changes:
//   pnpm --filter @shine/site exec node scripts/generate-email-logo.ts
import path from 'node:path';
import sharp from 'sharp';
import { buildBrandMarkSvg } from '../src/lib/brand-mark.ts';

const target = path.join(import.meta.dirname, '..', '..', 'api', 'src', 'email', 'logo.png');
await sharp(Buffer.from(buildBrandMarkSvg(80)))
  .png({ compressionLevel: 9, palette: true })
  .toFile(target);
console.log(`wrote ${path.relative(process.cwd(), target)}`);
