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
 * A name a person types (folder, space): NFC-normalised, line breaks removed, trimmed,
 * 1–`max` characters as SPEC §5 counts them, and not made only of spaces or invisible
 * characters (a name of a zero-width space would look empty in every list).
 */
export const zName = (max: number) =>
  zText()
    .transform((s) => s.normalize('NFC').replace(/[\r\n]/g, '').trim())
    .pipe(
      z
        .string()
        .min(1)
        .refine((s) => countedLength(s) <= max, `At most ${max} characters`)
        .refine(hasVisibleText, 'The name must have visible characters'),
    );
