import { open } from 'node:fs/promises';

/**
 * Counts a GIF's frames from its block structure, stopping as soon as the count passes a
 * limit (issue #9: an animation of 900,000 one-pixel frames is refused before anything is
 * decoded). libvips walks every frame to tell how many there are — 0.4–1.8 s for that file,
 * over 5 s beside other work — where this reads only up to the limit's frame: a few KB.
 * Nothing is decompressed: each image's data sub-blocks are skipped by their lengths.
 */

/** Bytes read from a file at a time. */
const CHUNK_BYTES = 64 * 1024;

/** Reads bytes in order from a buffer or a file, a chunk at a time. */
class Reader {
  private buf: Buffer = Buffer.alloc(0);
  private at = 0;
  private fileAt = 0;
  private constructor(private readonly file: Awaited<ReturnType<typeof open>> | null) {}

  static of(input: Buffer | string): Promise<Reader> | Reader {
    if (typeof input !== 'string') {
      const r = new Reader(null);
      r.buf = input;
      return r;
    }
    return open(input, 'r').then((f) => new Reader(f));
  }

  /** The next byte, or -1 at the end. */
  async byte(): Promise<number> {
    if (this.at >= this.buf.length && !(await this.fill())) return -1;
    return this.buf[this.at++]!;
  }

  /** Skips `n` bytes; false when the data ends first. */
  async skip(n: number): Promise<boolean> {
    while (n > 0) {
      if (this.at >= this.buf.length && !(await this.fill())) return false;
      const step = Math.min(n, this.buf.length - this.at);
      this.at += step;
      n -= step;
    }
    return true;
  }

  private async fill(): Promise<boolean> {
    if (!this.file) return false;
    const chunk = Buffer.alloc(CHUNK_BYTES);
    const { bytesRead } = await this.file.read(chunk, 0, CHUNK_BYTES, this.fileAt);
    this.fileAt += bytesRead;
    this.buf = chunk.subarray(0, bytesRead);
    this.at = 0;
    return bytesRead > 0;
  }

  close = () => this.file?.close();
}

/** Skips a run of data sub-blocks (length byte, bytes) up to its zero terminator; false at a cut. */
async function skipSubBlocks(r: Reader): Promise<boolean> {
  for (;;) {
    const size = await r.byte();
    if (size <= 0) return size === 0;
    if (!(await r.skip(size))) return false;
  }
}

/** Bytes of a colour table whose flag and size are in `packed` (its top and low 3 bits). */
const colourTableBytes = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

/**
 * The number of image frames in a GIF, counted no further than `limit + 1`.
 * @param input the GIF's bytes, or the path of a file holding them.
 * @param limit frames allowed (LIMITS.imageFrames); a result over it means "too many".
 * @returns frames counted — up to the trailer, the first malformed block (the decoder judges
 *   those), or `limit + 1`, whichever comes first; 0 for data that is not a GIF.
 */
export async function gifFrames(input: Buffer | string, limit: number): Promise<number> {
  const r = await Reader.of(input);
  try {
    const header = Buffer.alloc(13);
    for (let i = 0; i < 13; i++) {
      const b = await r.byte();
      if (b < 0) return 0;
      header[i] = b;
    }
    if (header.toString('latin1', 0, 3) !== 'GIF') return 0;
    if (!(await r.skip(colourTableBytes(header[10]!)))) return 0;
    let frames = 0;
    while (frames <= limit) {
      const block = await r.byte();
      if (block === 0x21) {
        // Extension: its label, then sub-blocks.
        if ((await r.byte()) < 0 || !(await skipSubBlocks(r))) break;
      } else if (block === 0x2c) {
        // Image descriptor: left, top, width, height (2 bytes each), packed; then a local
        // colour table, the LZW minimum code size and the image's sub-blocks.
        if (!(await r.skip(8))) break;
        const packed = await r.byte();
        if (packed < 0) break;
        frames++;
        if (!(await r.skip(colourTableBytes(packed) + 1)) || !(await skipSubBlocks(r))) break;
      } else {
        break; // the trailer (0x3b), or data that is not a block
      }
    }
    return frames;
  } finally {
    await r.close();
  }
}
