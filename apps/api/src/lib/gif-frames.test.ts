import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gifFrames } from './gif-frames.ts';

/** A GIF of `frames` 1×1 px frames, each with a graphic control extension (as issue #9's file). */
function tinyFrames(frames: number): Buffer {
  const header = Buffer.from([...Buffer.from('GIF89a'), 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]);
  const frame = Buffer.from([0x21, 0xf9, 4, 0, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]);
  return Buffer.concat([header, Buffer.alloc(frame.length * frames).fill(frame), Buffer.from([0x3b])]);
}

describe('gifFrames', () => {
  it('counts the frames of a GIF an encoder wrote, from bytes and from a file', async () => {
    const frames = await Promise.all(
      ['#e03030', '#30e030', '#3030e0', '#303030'].map((background) =>
        sharp({ create: { width: 300, height: 200, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
          .composite([{ input: { create: { width: 30, height: 20, channels: 3, background } }, gravity: 'north' }])
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } }).gif({ loop: 0 }).toBuffer();
    expect(gif.length).toBeGreaterThan(64 * 1024); // more than one of the file reader's chunks
    expect(await gifFrames(gif, 1000)).toBe(4);
    const dir = await mkdtemp(path.join(tmpdir(), 'gif-'));
    try {
      await writeFile(path.join(dir, 'a.gif'), gif);
      expect(await gifFrames(path.join(dir, 'a.gif'), 1000)).toBe(4);
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('stops one frame past the limit, without reading the rest', async () => {
    const gif = tinyFrames(900_000);
    const started = performance.now();
    expect(await gifFrames(gif, 1000)).toBe(1001);
    expect(performance.now() - started).toBeLessThan(200);
    expect(await gifFrames(tinyFrames(1000), 1000)).toBe(1000);
  });

  it('counts up to a cut or a broken block, and nothing in data that is not a GIF', async () => {
    const gif = tinyFrames(10);
    expect(await gifFrames(gif.subarray(0, gif.length - 25), 1000)).toBe(9);
    expect(await gifFrames(Buffer.concat([tinyFrames(3).subarray(0, -1), Buffer.from([0x99]), tinyFrames(5)]), 1000)).toBe(3);
    expect(await gifFrames(Buffer.from('not a gif at all'), 1000)).toBe(0);
    expect(await gifFrames(Buffer.from('GIF8'), 1000)).toBe(0);
  });
});
