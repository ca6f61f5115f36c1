import { z } from 'zod';
import { zText } from './common.ts';
import { countedLength } from './limits.ts';

/**
 * Characters that take no visible room: format controls (\p{Cf}: zero-width space and
 * joiners, bidi marks, soft hyphen…), separators other than the ASCII space (\p{Zs} is
 * checked after trimming), and the Hangul and Braille fillers that render as blank
 * (U+115F, U+1160, U+3164, U+FFA0, U+2800).
 */
const INVISIBLE = /[\p{Cf}\p{Zs}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800\s]/gu;

/** Whether `s` has at least one character a person can see. */
export const hasVisibleText = (s: string) => s.replace(INVISIBLE, '').length > 0;

/**
 * Invisible characters removed from names, titles and tags before they are checked, stored
 * and compared (issue #9: 'Design' and 'Design\u200b' are one name): zero-width space, word
 * joiner, zero-width no-break space (BOM), Mongolian vowel separator, left-to-right,
 * right-to-left and Arabic letter marks, soft hyphen. The zero-width joiner and non-joiner
 * stay: emoji sequences and some scripts need them.
 */
const STRIPPED = /[\u200B\u2060\uFEFF\u180E\u200E\u200F\u061C\u00AD]/gu;

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069):
 * they make text display in another order than it is stored, so a name could pose as
 * another. Refused in names, titles and tags (issue #9).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

/** `s` in Unicode NFC with {@link STRIPPED} characters removed: the form names are stored and compared in. */
export const cleanText = (s: string) => s.normalize('NFC').replace(STRIPPED, '');

/** Whether `s` holds a bidirectional override or isolate control. */
export const hasBidiControls = (s: string) => BIDI_CONTROLS.test(s);

/** Refinement: no bidirectional override or isolate controls. */
export const noBidiControls = [(s: string) => !hasBidiControls(s), 'Direction control characters are not allowed'] as const;

/**
 * A name a person types (folder, space): cleaned ({@link cleanText}: NFC, zero-width
 * characters removed), line breaks removed, trimmed, 1–`max` characters as SPEC §5 counts
 * them, not made only of spaces or invisible characters (a name of a zero-width space would
 * look empty in every list), and without direction controls.
 */
export const zName = (max: number) =>
  zText()
    .transform((s) => cleanText(s).replace(/[\r\n]/g, '').trim())
    .pipe(
      z
        .string()
        .min(1)
        .refine((s) => countedLength(s) <= max, `At most ${max} characters`)
        .refine(hasVisibleText, 'The name must have visible characters')
        .refine(...noBidiControls),
    );
