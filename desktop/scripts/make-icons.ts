// Rasterises build/icon.svg into every icon electron-builder and the app use, with the system
// Chromium (no image toolchain needed): build/icon.png (1024), build/icons/NxN.png (Linux),
// build/icon.ico (Windows) and build/icon.icns (macOS). Run: pnpm --filter @shine/desktop icons
// The outputs are committed; run this again only after changing icon.svg.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const buildDir = path.resolve(import.meta.dirname, '../build');
const svg = readFileSync(path.join(buildDir, 'icon.svg'));
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const;
// ICNS chunk types → pixel size (the @2x types reuse the larger rasters).
const ICNS_TYPES: Array<[string, number]> = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
];

async function rasterise(): Promise<Map<number, Buffer>> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    const src = `data:image/svg+xml;base64,${svg.toString('base64')}`;
    const pngs = new Map<number, Buffer>();
    for (const size of SIZES) {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<html><body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`,
      );
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      pngs.set(size, await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
    }
    return pngs;
  } finally {
    await browser.close();
  }
}

/** ICO with PNG-compressed entries (Windows Vista and later read these at every size). */
function buildIco(pngs: Map<number, Buffer>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(ICO_SIZES.length, 4);
  const entries: Buffer[] = [];
  const images: Buffer[] = [];
  let offset = 6 + 16 * ICO_SIZES.length;
  for (const size of ICO_SIZES) {
    const png = pngs.get(size)!;
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
    images.push(png);
  }
  return Buffer.concat([header, ...entries, ...images]);
}

/** ICNS: a big-endian container of typed PNG chunks. */
function buildIcns(pngs: Map<number, Buffer>): Buffer {
  const chunks = ICNS_TYPES.map(([type, size]) => {
    const png = pngs.get(size)!;
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

const pngs = await rasterise();
mkdirSync(path.join(buildDir, 'icons'), { recursive: true });
for (const [size, png] of pngs) writeFileSync(path.join(buildDir, 'icons', `${size}x${size}.png`), png);
writeFileSync(path.join(buildDir, 'icon.png'), pngs.get(1024)!);
writeFileSync(path.join(buildDir, 'icon.ico'), buildIco(pngs));
writeFileSync(path.join(buildDir, 'icon.icns'), buildIcns(pngs));
console.log(`icons written to ${buildDir}`);
