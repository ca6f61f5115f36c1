import { LIMITS, TAG_PATTERN } from '@sauce/contract/limits';

/**
 * A tag as typed → the stored form (SPEC §5: Korean or English letters and digits, 1–15,
 * lowercased), or null when it breaks a rule. Leading `#` and spaces are dropped.
 */
export function normalizeTag(input: string): string | null {
  const t = input.trim().replace(/^#+/, '');
  return TAG_PATTERN.test(t) ? t.toLowerCase() : null;
}

/** `tags` with `tag` added (kept once, at most LIMITS.tagsPerSauce). */
export function addTag(tags: readonly string[], tag: string): string[] {
  if (tags.includes(tag) || tags.length >= LIMITS.tagsPerSauce) return [...tags];
  return [...tags, tag];
}

/** Cuts text to `max` characters as SPEC §5 counts them (code points; line breaks not counted). */
export function clampCounted(text: string, max: number): string {
  let counted = 0;
  let out = '';
  for (const ch of text) {
    if (ch !== '\n' && ch !== '\r') {
      if (counted >= max) break;
      counted++;
    }
    out += ch;
  }
  return out;
}
