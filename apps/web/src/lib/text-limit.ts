/**
 * SPEC §5: text inputs with a limit ignore or truncate input over the limit; counting
 * excludes line breaks. Characters are counted as code points, so a Korean syllable or an
 * emoji is one character.
 */

import { countedLength } from '@sauce/contract/limits';

/** Characters in `text`, line breaks not counted (the contract's rule, shared with the server). */
export const countChars = countedLength;

/**
 * `text` cut to at most `max` counted characters (line breaks are kept but not counted).
 * Returns `text` itself when it is within the limit.
 */
export function clampText(text: string, max: number): string {
  if (countChars(text) <= max) return text;
  let counted = 0;
  let out = '';
  for (const ch of text) {
    if (ch === '\n' || ch === '\r') {
      out += ch;
      continue;
    }
    if (counted === max) break;
    out += ch;
    counted += 1;
  }
  return out;
}
