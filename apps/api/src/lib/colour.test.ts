import { describe, expect, it } from 'vitest';
import {
  colourCell,
  COLOUR_MATCH_DISTANCE,
  differenceHash,
  hammingDistance,
  hexToLab,
  labDistance,
  labToRgb,
  neighbourCells,
  paletteOf,
  rgbToLab,
} from './colour.ts';

describe('OKLab (issue #21 item 4)', () => {
  it('matches the reference values and turns back into the same sRGB colour', () => {
    // Björn Ottosson's reference: white L 1, a 0, b 0; sRGB red L 0.628, a 0.225, b 0.126.
    const white = rgbToLab(255, 255, 255);
    expect(white.l).toBeCloseTo(1, 3);
    expect(Math.abs(white.a) + Math.abs(white.b)).toBeLessThan(1e-3);
    const red = hexToLab('#ff0000');
    expect(red.l).toBeCloseTo(0.628, 3);
    expect(red.a).toBeCloseTo(0.2249, 3);
    expect(red.b).toBeCloseTo(0.1258, 3);
    for (const [r, g, b] of [[12, 200, 99], [250, 3, 128], [0, 0, 0], [128, 128, 128]] as const) {
      expect(labToRgb(rgbToLab(r, g, b))).toEqual([r, g, b]);
    }
  });

  it('keeps every colour within the match distance in the 27 cells around a point', () => {
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (let i = 0; i < 2000; i++) {
      const p = rgbToLab(Math.floor(random() * 256), Math.floor(random() * 256), Math.floor(random() * 256));
      const q = { l: p.l + (random() - 0.5) * 0.2, a: p.a + (random() - 0.5) * 0.2, b: p.b + (random() - 0.5) * 0.2 };
      if (labDistance(p, q) > COLOUR_MATCH_DISTANCE || q.l < 0) continue;
      expect(neighbourCells(p)).toContain(colourCell(q));
    }
  });

  it('refuses anything but #rrggbb', () => {
    for (const bad of ['red', '#12', '#zzzzzz', 'ffffff', '#ffffff0']) expect(() => hexToLab(bad)).toThrow();
  });
});

describe('paletteOf', () => {
  it('gives the colours of an image by share, largest first, and no more than it has', () => {
    const pixels: number[] = [];
    for (let i = 0; i < 300; i++) pixels.push(30, 60, 200); // blue, 75 %
    for (let i = 0; i < 100; i++) pixels.push(240, 200, 40); // yellow, 25 %
    const palette = paletteOf(Uint8Array.from(pixels), 3);
    expect(palette.map((c) => c.hex)).toEqual(['#1e3cc8', '#f0c828']);
    expect(palette[0]!.share).toBeCloseTo(0.75, 5);
  });

  it('leaves out transparent pixels, and is empty without an opaque one', () => {
    expect(paletteOf(Uint8Array.from([255, 0, 0, 0, 0, 255, 0, 255]), 4).map((c) => c.hex)).toEqual(['#00ff00']);
    expect(paletteOf(Uint8Array.from([255, 0, 0, 0]), 4)).toEqual([]);
  });
});

describe('difference hash (issue #21 item 5)', () => {
  it('sets a bit where a pixel is brighter than its right neighbour, and counts differing bits', () => {
    const falling = Uint8Array.from({ length: 72 }, (_, i) => 255 - (i % 9) * 10);
    const rising = Uint8Array.from({ length: 72 }, (_, i) => (i % 9) * 10);
    expect(differenceHash(falling)).toBe(-1n);
    expect(differenceHash(rising)).toBe(0n);
    expect(hammingDistance(-1n, 0n)).toBe(64);
    expect(hammingDistance(0b1011n, 0b0001n)).toBe(2);
  });
});
