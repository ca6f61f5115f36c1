import { LIMITS } from '@sauce/contract/limits';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EXIF_GPS_POINTER, jpegWithGps, NOT_AN_IMAGE, photo, pngBomb, SVG } from '../test/image-fixtures.ts';
import { processImage } from './image-processing.ts';

const meta = (data: Buffer) => sharp(data).metadata();
/** CRC-32 of `data` (PNG's chunk checksum). */
function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}
const unsupported = (type: string | null) => ({ status: 415, code: 'UNSUPPORTED_IMAGE', details: { type } });

describe('processImage', () => {
  it('makes WebP display and thumbnail images of a JPEG photo and keeps a JPEG original', async () => {
    const input = photo('colorful-cups-2560x1600.jpg'); // carries EXIF, XMP and an ICC profile
    const out = await processImage(input);
    expect(out).toMatchObject({ width: 2560, height: 1600, original: { contentType: 'image/jpeg', ext: 'jpg' } });
    expect(out.color).toMatch(/^#[0-9a-f]{6}$/);
    const [original, display, thumbnail] = await Promise.all([meta(out.original.data), meta(out.display), meta(out.thumbnail)]);
    expect(original).toMatchObject({ format: 'jpeg', width: 2560, height: 1600, hasProfile: true });
    expect(original.exif).toBeUndefined();
    expect(original.xmp).toBeUndefined();
    expect(display).toMatchObject({ format: 'webp', width: 2560, height: 1600 });
    expect(thumbnail).toMatchObject({ format: 'webp', width: 640, height: 400 });
  });

  it('keeps a PNG original lossless and never enlarges a smaller image', async () => {
    const input = photo('altai-1080x1920.png');
    const out = await processImage(input);
    expect(out).toMatchObject({ width: 1080, height: 1920, original: { contentType: 'image/png', ext: 'png' } });
    const [original, display, thumbnail] = await Promise.all([meta(out.original.data), meta(out.display), meta(out.thumbnail)]);
    expect(original).toMatchObject({ format: 'png', width: 1080, height: 1920, hasProfile: true });
    expect(display).toMatchObject({ format: 'webp', width: 1080, height: 1920 });
    expect(thumbnail).toMatchObject({ format: 'webp', width: 640, height: 1138 });
    const pixels = (data: Buffer) => sharp(data).removeAlpha().raw().toBuffer();
    expect((await pixels(out.original.data)).equals(await pixels(input))).toBe(true);
  });

  it('keeps the uploaded file as the original, byte for byte but for its metadata (issue #22)', async () => {
    // A PNG with nothing private: the very bytes.
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
    const plain = await processImage(png);
    expect(plain.originalKept).toBe(true);
    expect(plain.original.data.equals(png)).toBe(true);
    // A PNG with a text chunk (where software writes a location): only that chunk goes.
    const text = Buffer.from('Comment\0Taken at 37.5665 N, 126.9780 E');
    const chunk = Buffer.alloc(12 + text.length);
    chunk.writeUInt32BE(text.length, 0);
    chunk.write('tEXt', 4, 'latin1');
    text.copy(chunk, 8);
    chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + text.length)), 8 + text.length);
    const iend = png.length - 12;
    const withText = Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
    const out = await processImage(withText);
    expect(out.originalKept).toBe(true);
    expect(out.original.data.equals(png)).toBe(true);
    // A JPEG photo with EXIF, XMP and an ICC profile: the segments go, the scan is the same bytes.
    const jpeg = photo('colorful-cups-2560x1600.jpg');
    const kept = await processImage(jpeg);
    expect(kept.originalKept).toBe(true);
    // (The EXIF's own thumbnail has a scan too: compare from the kept file's scan to the end.)
    const scan = kept.original.data.subarray(kept.original.data.indexOf(Buffer.from([0xff, 0xda])));
    expect(scan.length).toBeGreaterThan(100_000);
    expect(jpeg.subarray(jpeg.length - scan.length).equals(scan)).toBe(true);
    expect(kept.original.data.length).toBeLessThan(jpeg.length);
    // One that must be turned upright is re-encoded (the turn goes into its pixels).
    expect((await processImage(await jpegWithGps())).originalKept).toBe(false);
  });

  it('fits the display image inside 2560×2560 px', async () => {
    const wide = await sharp(photo('autumn-2560x1600.jpg')).resize(3200, 1000, { fit: 'fill' }).jpeg().toBuffer();
    const out = await processImage(wide);
    expect(out).toMatchObject({ width: 3200, height: 1000 });
    expect(await meta(out.display)).toMatchObject({ width: 2560, height: 800 });
    expect(await meta(out.thumbnail)).toMatchObject({ width: 640, height: 200 });
  });

  it('applies the EXIF orientation and removes EXIF and GPS data from every output', async () => {
    const input = await jpegWithGps(); // stored 2560×1600, Orientation 6
    expect(input.includes('Sauce Test Camera')).toBe(true);
    const out = await processImage(input);
    expect(out).toMatchObject({ width: 1600, height: 2560 });
    const outputs = { original: out.original.data, display: out.display, thumbnail: out.thumbnail };
    for (const [name, data] of Object.entries(outputs)) {
      const m = await meta(data);
      expect(m.exif, name).toBeUndefined();
      expect(m.orientation, name).toBeUndefined();
      expect(data.includes(EXIF_GPS_POINTER) || data.includes('Sauce Test Camera'), name).toBe(false);
    }
    expect(await meta(out.original.data)).toMatchObject({ width: 1600, height: 2560 });
    expect(await meta(out.display)).toMatchObject({ width: 1600, height: 2560 });
    expect(await meta(out.thumbnail)).toMatchObject({ width: 640, height: 1024 });
  });

  it('keeps an animated GIF animated', async () => {
    const frames = await Promise.all(
      ['#e03030', '#30e030', '#3030e0'].map((background) =>
        sharp({ create: { width: 64, height: 48, channels: 3, background } }).png().toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } }).gif({ delay: [100, 100, 100], loop: 0 }).toBuffer();
    const out = await processImage(gif);
    expect(out).toMatchObject({ width: 64, height: 48, original: { contentType: 'image/gif', ext: 'gif' } });
    expect(await meta(out.original.data)).toMatchObject({ format: 'gif', pages: 3 });
    expect(await meta(out.display)).toMatchObject({ format: 'webp', width: 64, height: 48, pages: 3, delay: [100, 100, 100] });
    expect(await meta(out.thumbnail)).toMatchObject({ format: 'webp', width: 64, pages: 3 });
  });

  it('accepts a JPEG with a recoverable defect', async () => {
    const jpeg = photo('autumn-2560x1600.jpg');
    const end = jpeg.lastIndexOf(Buffer.from([0xff, 0xd9]));
    // libjpeg warns 'Corrupt JPEG data: 7 extraneous bytes before marker 0xd9' and decodes it all.
    const defective = Buffer.concat([jpeg.subarray(0, end), Buffer.from('garbage'), jpeg.subarray(end)]);
    expect(await processImage(defective)).toMatchObject({ width: 2560, height: 1600 });
  });

  it('refuses SVG (it can carry script), text and broken images with 415', async () => {
    await expect(processImage(SVG)).rejects.toMatchObject(unsupported('image/svg+xml'));
    const bareSvg = Buffer.from('\uFEFF  <svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expect(processImage(bareSvg)).rejects.toMatchObject(unsupported('image/svg+xml'));
    await expect(processImage(NOT_AN_IMAGE)).rejects.toMatchObject(unsupported(null));
    await expect(processImage(Buffer.alloc(0))).rejects.toMatchObject(unsupported(null));
    // Text behind a PNG signature is no PNG to file-type; behind a PNG's signature and IHDR it
    // is one, which sharp then fails to decode.
    const png = photo('altai-1080x1920.png');
    await expect(processImage(Buffer.concat([png.subarray(0, 8), NOT_AN_IMAGE]))).rejects.toMatchObject(unsupported(null));
    await expect(processImage(Buffer.concat([png.subarray(0, 33), NOT_AN_IMAGE]))).rejects.toMatchObject(
      unsupported('image/png'),
    );
    const jpeg = photo('autumn-2560x1600.jpg');
    await expect(processImage(jpeg.subarray(0, jpeg.length / 2))).rejects.toMatchObject(unsupported('image/jpeg'));
    await expect(processImage(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'))).rejects.toMatchObject(
      unsupported('application/pdf'),
    );
  });

  it('refuses a decompression bomb with 413 from its header, without decoding it', async () => {
    const bomb = pngBomb(); // 50,000 × 50,000 px declared: 2.5 GB decoded
    expect(bomb.length).toBeLessThan(1000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 50_000, height: 50_000 });
    const started = performance.now();
    await expect(processImage(bomb)).rejects.toMatchObject({
      status: 413,
      code: 'TOO_MANY_PIXELS',
      details: { limitPixels: LIMITS.imagePixels },
    });
    expect(performance.now() - started).toBeLessThan(1000);
    // Just over the limit is refused; just under it gets as far as decoding (and fails: the data is short).
    await expect(processImage(pngBomb(LIMITS.imagePixels / 10_000 + 1, 10_000))).rejects.toMatchObject({ status: 413 });
    await expect(processImage(pngBomb(LIMITS.imagePixels / 10_000, 10_000))).rejects.toMatchObject(unsupported('image/png'));
  });
});
