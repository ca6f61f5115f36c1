import { LIMITS, TAG_PATTERN } from '@sauce/contract/limits';

/** Characters a tag may not hold (SPEC §5): anything but Korean letters, English letters and digits, and the blank Hangul fillers. */
const NOT_ALLOWED = /[^\p{Script=Hangul}A-Za-z0-9]|[\u115F\u1160\u3164\uFFA0]/gu;

export interface SanitizedTagInput {
  /** The input with refused characters removed, cut to 15 characters. */
  value: string;
  /** Spaces, emojis or symbols were removed. */
  invalid: boolean;
  /** The input was longer than 15 characters and was cut. */
  truncated: boolean;
}

/**
 * Cleans what a person typed into the tag input (SPEC §5): only Korean letters, English
 * letters and digits stay; input over 15 characters is cut (LIMITS.tagLength).
 */
export function sanitizeTagInput(raw: string): SanitizedTagInput {
  const kept = raw.replace(NOT_ALLOWED, '');
  const chars = Array.from(kept);
  return {
    value: chars.slice(0, LIMITS.tagLength).join(''),
    invalid: kept.length !== raw.length,
    truncated: chars.length > LIMITS.tagLength,
  };
}

/** A tag as stored: lowercase (SPEC §3 Tag). */
export function normalizeTag(name: string): string {
  return name.trim().toLowerCase();
}

/** Whether `name` is a valid tag (TAG_PATTERN from the contract). */
export function isValidTag(name: string): boolean {
  return TAG_PATTERN.test(name);
}

export type AddTagResult =
  | { ok: true; tags: string[]; name: string }
  | { ok: false; reason: 'empty' | 'invalid' | 'duplicate' | 'limit' };

/**
 * Adds `input` to `tags` (SPEC §5): lowercase, valid, not already there, at most 5 per
 * source (LIMITS.tagsPerSauce).
 */
export function addTag(tags: readonly string[], input: string): AddTagResult {
  const name = normalizeTag(input);
  if (!name) return { ok: false, reason: 'empty' };
  if (!isValidTag(name)) return { ok: false, reason: 'invalid' };
  if (tags.includes(name)) return { ok: false, reason: 'duplicate' };
  if (tags.length >= LIMITS.tagsPerSauce) return { ok: false, reason: 'limit' };
  return { ok: true, tags: [...tags, name], name };
}
