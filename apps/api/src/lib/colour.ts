/**
 * Colour arithmetic for issue #21 item 4 (find images by colour) and item 5 (near-duplicate
 * images): sRGB ↔ OKLab (Björn Ottosson's, 2020), an image's palette by k-means in OKLab,
 * the quantised OKLab cells the colour filter looks up, and a 64-bit difference hash.
 * Pure functions over raw pixels; sharp decodes (services/image-signature.ts).
 */

/** A colour in OKLab: L 0–1 (black–white), a and b about −0.4–0.4 (green–red, blue–yellow). */
export interface Lab {
  l: number;
  a: number;
  b: number;
}

/** One colour of an image's palette: `hex` '#rrggbb', its OKLab, and the share of the image's pixels it stands for (0–1). */
export interface PaletteColour extends Lab {
  hex: string;
  share: number;
}

/** `#rrggbb` (either case): the colour filter's only accepted form. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

const toLinear = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
const fromLinear = (v: number) => {
  const c = v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
  return Math.round(Math.min(1, Math.max(0, c)) * 255);
};

/** 256 sRGB channel values → linear light, looked up (a palette reads thousands of pixels). */
const LINEAR = Float64Array.from({ length: 256 }, (_, i) => toLinear(i));

/** sRGB channels 0–255 → OKLab. */
export function rgbToLab(r: number, g: number, b: number): Lab {
  const lr = LINEAR[r]!;
  const lg = LINEAR[g]!;
  const lb = LINEAR[b]!;
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  return {
    l: 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    a: 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    b: 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  };
}

/** OKLab → sRGB channels 0–255 (clipped to the sRGB gamut). */
export function labToRgb({ l: L, a, b }: Lab): [number, number, number] {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    fromLinear(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    fromLinear(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    fromLinear(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

/** '#rrggbb' → OKLab. @throws Error for anything but {@link HEX_COLOUR}. */
export function hexToLab(hex: string): Lab {
  if (!HEX_COLOUR.test(hex)) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const n = parseInt(hex.slice(1), 16);
  return rgbToLab((n >> 16) & 255, (n >> 8) & 255, n & 255);
}

/** sRGB channels → '#rrggbb', lower case. */
export const rgbToHex = (r: number, g: number, b: number) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** Euclidean distance in OKLab (ΔE_OK): about 0.02 is the smallest difference people notice. */
export const labDistance = (x: Lab, y: Lab) => Math.hypot(x.l - y.l, x.a - y.a, x.b - y.b);

/**
 * How close a palette colour must be to the colour asked for to count as a match, ΔE_OK
 * (issue #21 item 4). 0.1 is about five just-noticeable differences: the same hue family at
 * a similar lightness ('a red', 'a pale blue'), while red and orange (≈ 0.16), or a blue
 * and its navy (≈ 0.2), stay apart. Checked against the shared photos in routes/sauces/colour.test.ts.
 */
export const COLOUR_MATCH_DISTANCE = 0.1;

/**
 * Side of a colour cell, in OKLab units: the match distance, so every colour within it of a
 * point lies in the point's cell or one of its 26 neighbours ({@link neighbourCells}).
 */
export const CELL_SIZE = COLOUR_MATCH_DISTANCE;

/** Offset that makes a and b (−0.5–0.5 for any sRGB colour, −0.24–0.28 in fact) non-negative. */
const AB_OFFSET = 0.5;
/** Cells along each axis the packing leaves room for. */
const CELLS_PER_AXIS = 64;

const axisCells = (p: Lab): [number, number, number] => [
  Math.floor(p.l / CELL_SIZE),
  Math.floor((p.a + AB_OFFSET) / CELL_SIZE),
  Math.floor((p.b + AB_OFFSET) / CELL_SIZE),
];
const pack = (l: number, a: number, b: number) => (l * CELLS_PER_AXIS + a) * CELLS_PER_AXIS + b;

/** The quantised OKLab cell of a colour, as stored in `sauce_colours.cell`: an integer. */
export function colourCell(p: Lab): number {
  const [l, a, b] = axisCells(p);
  return pack(l, a, b);
}

/** The cells (up to 27: its own and its neighbours) that hold every colour within {@link COLOUR_MATCH_DISTANCE} of `p`. */
export function neighbourCells(p: Lab): number[] {
  const [l, a, b] = axisCells(p);
  const out: number[] = [];
  for (let dl = -1; dl <= 1; dl++)
    for (let da = -1; da <= 1; da++)
      for (let db = -1; db <= 1; db++) {
        const [x, y, z] = [l + dl, a + da, b + db];
        if (x < 0 || y < 0 || z < 0 || x >= CELLS_PER_AXIS || y >= CELLS_PER_AXIS || z >= CELLS_PER_AXIS) continue;
        out.push(pack(x, y, z));
      }
  return out;
}

/** Colours in a palette (issue #21 item 4). */
export const PALETTE_SIZE = 5;
/** Clusters k-means looks for before near-equal ones are merged: more than the palette, so one large area cannot take several places. */
const CLUSTERS = 8;
/** Clusters nearer than this (ΔE_OK) are one colour of the palette. */
const MERGE_DISTANCE = 0.05;
const ITERATIONS = 16;

/** A small deterministic random source (mulberry32): the same image always gets the same palette. */
function seeded(seed: number) {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An image's palette: up to {@link PALETTE_SIZE} colours, the largest share first, by
 * k-means (k-means++ seeding, deterministic) over its pixels in OKLab, near-equal clusters
 * (ΔE_OK < 0.05) merged so a large sky takes one place, not three.
 * @param pixels raw interleaved 8-bit channels, `channels` per pixel (3 RGB, 4 RGBA: pixels
 *   less than half opaque are left out). A small image (about 64×64) is plenty.
 * @returns fewer than 5 colours for an image with fewer distinct ones; empty without an opaque pixel.
 */
export function paletteOf(pixels: Uint8Array, channels: 3 | 4): PaletteColour[] {
  const points: Lab[] = [];
  for (let i = 0; i + channels <= pixels.length; i += channels) {
    if (channels === 4 && pixels[i + 3]! < 128) continue;
    points.push(rgbToLab(pixels[i]!, pixels[i + 1]!, pixels[i + 2]!));
  }
  if (points.length === 0) return [];
  const random = seeded(points.length);
  const d2 = (p: Lab, c: Lab) => (p.l - c.l) ** 2 + (p.a - c.a) ** 2 + (p.b - c.b) ** 2;

  // k-means++: each next centre far from those chosen, with probability by squared distance.
  const centres: Lab[] = [points[Math.floor(random() * points.length)]!];
  const nearest = points.map((p) => d2(p, centres[0]!));
  while (centres.length < CLUSTERS) {
    const total = nearest.reduce((s, v) => s + v, 0);
    if (total === 0) break; // fewer distinct colours than clusters
    let r = random() * total;
    let pick = 0;
    while (pick < points.length - 1 && (r -= nearest[pick]!) > 0) pick++;
    const c = points[pick]!;
    centres.push({ ...c });
    for (let i = 0; i < points.length; i++) nearest[i] = Math.min(nearest[i]!, d2(points[i]!, c));
  }

  const assign = new Int32Array(points.length);
  for (let it = 0; it < ITERATIONS; it++) {
    let moved = false;
    for (let i = 0; i < points.length; i++) {
      let best = 0;
      let bestD = Infinity;
      for (let k = 0; k < centres.length; k++) {
        const d = d2(points[i]!, centres[k]!);
        if (d < bestD) [best, bestD] = [k, d];
      }
      if (assign[i] !== best) [assign[i], moved] = [best, true];
    }
    const sums = centres.map(() => ({ l: 0, a: 0, b: 0, n: 0 }));
    points.forEach((p, i) => {
      const s = sums[assign[i]!]!;
      s.l += p.l;
      s.a += p.a;
      s.b += p.b;
      s.n++;
    });
    sums.forEach((s, k) => {
      if (s.n > 0) centres[k] = { l: s.l / s.n, a: s.a / s.n, b: s.b / s.n };
    });
    if (!moved && it > 0) break;
  }

  // Clusters with their pixel counts, largest first; near-equal ones merged into the larger.
  const counts = new Array<number>(centres.length).fill(0);
  for (const k of assign) counts[k]!++;
  const clusters = centres.map((c, k) => ({ ...c, n: counts[k]! })).filter((c) => c.n > 0).sort((x, y) => y.n - x.n);
  const merged: typeof clusters = [];
  for (const c of clusters) {
    const into = merged.find((m) => labDistance(m, c) < MERGE_DISTANCE);
    if (!into) {
      merged.push({ ...c });
      continue;
    }
    const n = into.n + c.n;
    into.l = (into.l * into.n + c.l * c.n) / n;
    into.a = (into.a * into.n + c.a * c.n) / n;
    into.b = (into.b * into.n + c.b * c.n) / n;
    into.n = n;
  }
  merged.sort((x, y) => y.n - x.n);
  return merged.slice(0, PALETTE_SIZE).map((c) => {
    const [r, g, b] = labToRgb(c);
    return { hex: rgbToHex(r, g, b), l: c.l, a: c.a, b: c.b, share: c.n / points.length };
  });
}

/** Side lengths of the greyscale image a difference hash reads: 9 × 8 px. */
export const DHASH_WIDTH = 9;
export const DHASH_HEIGHT = 8;

/**
 * A 64-bit difference hash (dHash) of an image from its 9×8 greyscale pixels (row by row):
 * bit i is set when pixel (x, y) is brighter than (x + 1, y). Re-encoding, resizing and
 * small edits change a few bits; different pictures differ in about half (issue #21 item 5).
 * @returns the hash as a signed 64-bit integer (PostgreSQL's bigint).
 */
export function differenceHash(grey: Uint8Array): bigint {
  if (grey.length < DHASH_WIDTH * DHASH_HEIGHT) throw new Error('dHash needs 9×8 greyscale pixels');
  let h = 0n;
  for (let y = 0; y < DHASH_HEIGHT; y++)
    for (let x = 0; x < DHASH_WIDTH - 1; x++) {
      h = (h << 1n) | (grey[y * DHASH_WIDTH + x]! > grey[y * DHASH_WIDTH + x + 1]! ? 1n : 0n);
    }
  return BigInt.asIntN(64, h);
}

/** Bits that differ between two 64-bit hashes (0–64). */
export function hammingDistance(x: bigint, y: bigint): number {
  let v = BigInt.asUintN(64, x ^ y);
  let n = 0;
  while (v) {
    v &= v - 1n;
    n++;
  }
  return n;
}

/** Images at most this many bits apart (of 64) are 'nearly identical' (issue #21 item 5). */
export const SIMILAR_HASH_BITS = 6;
