import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';

/** The repository's real photographs (fixtures/photos/README.md). */
const PHOTOS_DIR = path.resolve(import.meta.dirname, '../../../../fixtures/photos');

export type PhotoName = 'autumn-2560x1600.jpg' | 'colorful-cups-2560x1600.jpg' | 'altai-1080x1920.png';

/** The bytes of a fixture photo: JPEGs are 2560×1600 px, the PNG 1080×1920 px. */
export function photo(name: PhotoName): Buffer {
  return readFileSync(path.join(PHOTOS_DIR, name));
}

/** Little-endian EXIF tag of the GPS IFD pointer (0x8825, type LONG): present when GPS data is. */
export const EXIF_GPS_POINTER = Buffer.from([0x25, 0x88, 0x04, 0x00]);

/**
 * The autumn photo (2560×1600 px stored) as a JPEG whose EXIF holds GPS latitude and
 * longitude (Seoul), a camera make and Orientation 6 (display rotated 90° clockwise:
 * 1600×2560 px). @throws Error if sharp did not write the EXIF as asked.
 */
export async function jpegWithGps(): Promise<Buffer> {
  const out = await sharp(photo('autumn-2560x1600.jpg'))
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Sauce Test Camera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 33/1 59/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '126/1 58/1 41/1',
      },
    })
    .jpeg({ quality: 85 })
    .toBuffer();
  const meta = await sharp(out).metadata();
  if (meta.orientation !== 6 || !meta.exif?.includes(EXIF_GPS_POINTER)) {
    throw new Error('sharp did not write the EXIF orientation and GPS data');
  }
  return out;
}

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a PNG of a few hundred bytes (signature, IHDR, IDAT, IEND with
 * correct CRCs) whose header declares `width` × `height` px, 8-bit greyscale, and whose
 * data holds only four zero rows. A decoder trusting the header would allocate
 * width × height bytes (2.5 GB at the default 50,000 × 50,000 px) before finding it short.
 */
export function pngBomb(width = 50_000, height = 50_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // colour type: greyscale
  // compression, filter, interlace: 0
  const rows = Buffer.alloc(4 * (width + 1)); // 4 rows: filter byte 0 and zero pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An SVG image carrying a script (never served: it would run on the files origin). */
export const SVG = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
    '<script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>\n',
);

/** Plain text: not an image. */
export const NOT_AN_IMAGE = Buffer.from('This is not an image, just a few words of plain text.\n');
