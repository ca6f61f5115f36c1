/**
 * Issue #33: an image's words as the OCR engine's lines (lib/text-reader.ts) become one text
 * in reading order. Tesseract reads text best at a few dozen pixels high: a page's headline
 * (60 px in a 1440 px screenshot) comes out as noise at full size, and its body text (16–20
 * px) as noise at 40%. So an image is read twice — at its size and at {@link SECOND_PASS_SCALE}
 * of it — and each line is taken from the pass that reads text of its height well: lines
 * under {@link BIG_LINE_PX} from the first, taller ones from the second; a line only one pass
 * found is kept from it. Measured on the 20 screenshots of the tests
 * (test/fixtures/screenshots): one pass at full size found 9 of 10 English and 5 of 10 Korean
 * headlines, one at half size 10 and 8 but a third of the body text; the two together 10, 9
 * and 99% of the body text.
 */

/** A rectangle in pixels of the image read (x to the right, y down). */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * One line the engine read: its text (spaces as they were in the image), its confidence
 * (0–100), where it is, and its words with theirs (in the order of the text).
 */
export interface OcrLine {
  text: string;
  confidence: number;
  box: Box;
  words?: { text: string; confidence: number }[];
}

/** Scale of the second reading, of the first's size. */
export const SECOND_PASS_SCALE = 0.4;
/** A line at least this tall (px of the first reading) is taken from the second reading. */
export const BIG_LINE_PX = 40;
/**
 * Lines the engine is less sure of than this (0–100) are noise: dropped; so are the words of
 * a line it keeps that it is less sure of than {@link MIN_WORD_CONFIDENCE} — or, in a line it
 * is less sure of than {@link SURE_LINE}, than {@link MIN_WORD_CONFIDENCE_UNSURE}. Lines of
 * text in the tests' screenshots came at 67–96, their words at 69–97 but for a few misread;
 * what it makes of a photograph's leaves and cups at 0–63, with words of 6–67 (fixtures/photos).
 */
export const MIN_CONFIDENCE = 60;
export const SURE_LINE = 75;
export const MIN_WORD_CONFIDENCE = 50;
export const MIN_WORD_CONFIDENCE_UNSURE = 70;
/** Most characters of text kept from one image (a screenshot of a long article holds ~20,000). */
export const MAX_TEXT_CHARS = 20_000;

const height = (b: Box) => b.y1 - b.y0;
const area = (b: Box) => Math.max(0, b.x1 - b.x0) * Math.max(0, b.y1 - b.y0);

/** How much of the smaller of `a` and `b` the two share, 0–1. */
function overlap(a: Box, b: Box): number {
  const shared = area({ x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) });
  const smaller = Math.min(area(a), area(b));
  return smaller > 0 ? shared / smaller : 0;
}

/**
 * The lines of an image from its two readings: `first` at the size read (px), `second` (or
 * null when there was none) at `secondScale` of it, its boxes in its own pixels. Lines under
 * {@link MIN_CONFIDENCE} are dropped; the rest are taken as the module comment says, in the
 * first reading's pixels, in reading order ({@link inReadingOrder}).
 */
export function mergeReadings(first: OcrLine[], second: OcrLine[] | null, secondScale = SECOND_PASS_SCALE): OcrLine[] {
  const scaled = (second ?? []).map((l) => ({
    ...l,
    box: { x0: l.box.x0 / secondScale, y0: l.box.y0 / secondScale, x1: l.box.x1 / secondScale, y1: l.box.y1 / secondScale },
  }));
  // A line with no word of two letters or more ('A', '- 은 ® 수') is what edges and textures make.
  const sure = (l: OcrLine) => l.confidence >= MIN_CONFIDENCE && /\p{L}{2}/u.test(sureText(l));
  const isBig = (l: OcrLine) => height(l.box) >= BIG_LINE_PX;
  // Without a second reading every line of the first is its best.
  const preferred = [...first.filter((l) => !second || !isBig(l)), ...scaled.filter(isBig)].filter(sure);
  const others = [...(second ? first.filter(isBig) : []), ...scaled.filter((l) => !isBig(l))].filter(
    (l) => sure(l) && !preferred.some((p) => overlap(p.box, l.box) > 0.3),
  );
  return inReadingOrder([...preferred, ...others]);
}

/**
 * `lines` top to bottom, and left to right within a row (lines whose middles are within half
 * the shorter one's height of each other). A layout of columns side by side comes out row by
 * row (its engine was asked for one block: issue #33 measured fewer words read with its page
 * layout analysis on screenshots).
 */
export function inReadingOrder(lines: OcrLine[]): OcrLine[] {
  const byTop = [...lines].sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0);
  const rows: OcrLine[][] = [];
  for (const line of byTop) {
    const mid = (line.box.y0 + line.box.y1) / 2;
    const row = rows.find((r) => {
      const first = r[0]!;
      return Math.abs((first.box.y0 + first.box.y1) / 2 - mid) <= Math.min(height(first.box), height(line.box)) / 2;
    });
    if (row) row.push(line);
    else rows.push([line]);
  }
  return rows.flatMap((r) => r.sort((a, b) => a.box.x0 - b.box.x0));
}

/**
 * The text of `line` without the words the engine is not sure enough of (see
 * {@link MIN_CONFIDENCE}), each blanked where it stood, so the spaces between the others stay
 * as they were in the image.
 */
export function sureText(line: OcrLine): string {
  const least = line.confidence >= SURE_LINE ? MIN_WORD_CONFIDENCE : MIN_WORD_CONFIDENCE_UNSURE;
  let text = line.text;
  let at = 0;
  for (const word of line.words ?? []) {
    const found = word.text ? text.indexOf(word.text, at) : -1;
    if (found < 0) continue;
    at = found + word.text.length;
    if (word.confidence < least) text = text.slice(0, found) + ' '.repeat(word.text.length) + text.slice(at);
  }
  return text;
}

/** A word made only of marks the engine reads off edges and rules (|, _, =, lone Korean letters): noise. */
const NOISE_WORD = /^[\s_|=~^`\\[\]{}<>•·…—–-]*$|^[\u3131-\u318E]+$/u;

/**
 * The text of `lines` (in reading order): a line's parts far apart (4 spaces or more: the
 * columns of a row, a menu) on lines of their own; spaces collapsed; words of noise
 * ({@link NOISE_WORD}) left out; at most {@link MAX_TEXT_CHARS} characters. '' when nothing
 * is left.
 */
export function textOf(lines: OcrLine[]): string {
  const out: string[] = [];
  for (const line of lines) {
    for (const part of sureText(line).split(/\s{4,}|\n/)) {
      const words = part.split(/\s+/).filter((w) => w !== '' && !NOISE_WORD.test(w));
      if (words.length) out.push(words.join(' '));
    }
  }
  const text = out.join('\n');
  return text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text;
}
