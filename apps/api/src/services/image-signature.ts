import { DHASH_HEIGHT, DHASH_WIDTH, differenceHash, paletteOf, type PaletteColour } from '../lib/colour.ts';
import { loadSharp } from '../lib/sharp.ts';

/** Side of the image the palette is read from, px (fit inside): 4,096 pixels at most. */
const PALETTE_SAMPLE_PX = 64;

/** What an image is recognised by (issue #21 items 4 and 5): its palette and its difference hash. */
export interface ImageSignature {
  /** Up to 5 colours, the largest share first (lib/colour.ts paletteOf). */
  palette: PaletteColour[];
  /** 64-bit dHash as a signed bigint (lib/colour.ts differenceHash). */
  phash: bigint;
}

/**
 * Reads an image's palette and difference hash from its card-size thumbnail (WebP, 640 px
 * wide: what every stored image has, so uploads and the backfill of older images read the
 * same thing; an animation's first frame). Transparent pixels are left out of the palette
 * and count as white for the hash.
 * @throws sharp's Error for data it cannot decode.
 */
export async function imageSignature(thumbnail: Buffer): Promise<ImageSignature> {
  const sharp = await loadSharp();
  const small = await sharp(thumbnail)
    .resize({ width: PALETTE_SAMPLE_PX, height: PALETTE_SAMPLE_PX, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer();
  const grey = await sharp(thumbnail)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize({ width: DHASH_WIDTH, height: DHASH_HEIGHT, fit: 'fill' })
    .raw()
    .toBuffer();
  return { palette: paletteOf(small, 4), phash: differenceHash(grey) };
}
