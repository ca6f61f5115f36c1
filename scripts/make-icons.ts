/**
 * Makes the web app's install icons (issue #11 item 9) from apps/web/public/favicon.svg, with
 * sharp: `icon-192.png` and `icon-512.png` (the rounded square on transparent corners, for
 * `purpose: any`), `maskable-512.png` and `maskable-192.png` (full bleed: the corners filled
 * with the icon's own background, so a launcher's mask never shows transparent corners; the
 * letter already sits inside the 80 % safe zone) and `apple-touch-icon.png` (180 px, full
 * bleed: iOS rounds it itself). Run `npx tsx scripts/make-icons.ts` after changing the
 * favicon, and commit the PNGs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../apps/web/public');
const svg = readFileSync(path.join(publicDir, 'favicon.svg'));
/** The favicon's background colour: what full-bleed icons fill their corners with. */
const background = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(svg.toString())?.[1];
if (!background) throw new Error('favicon.svg has no <rect fill="#rrggbb"> background');

const icons: { file: string; size: number; fullBleed: boolean }[] = [
  { file: 'icon-192.png', size: 192, fullBleed: false },
  { file: 'icon-512.png', size: 512, fullBleed: false },
  { file: 'maskable-192.png', size: 192, fullBleed: true },
  { file: 'maskable-512.png', size: 512, fullBleed: true },
  { file: 'apple-touch-icon.png', size: 180, fullBleed: true },
];
for (const { file, size, fullBleed } of icons) {
  // Rendered at the target size (the SVG's density scaled), not a small bitmap enlarged.
  let image = sharp(svg, { density: (72 * size) / 32 }).resize(size, size);
  if (fullBleed) image = image.flatten({ background });
  await image.png({ compressionLevel: 9 }).toFile(path.join(publicDir, 'icons', file));
  console.log(`icons/${file}  ${size}×${size}`);
}
