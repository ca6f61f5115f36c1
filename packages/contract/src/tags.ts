import { z } from 'zod';
import { zText } from './common.ts';
import { TAG_PATTERN } from './limits.ts';
import { cleanText } from './names.ts';

/**
 * SPEC §5: a tag name, Korean/English letters and digits, 1–15, stored lowercase, in NFC
 * with zero-width characters removed (issue #9: one tag, however it was typed).
 */
export const zTagName = z
  .string()
  .transform((s) => cleanText(s).trim())
  .pipe(z.string().regex(TAG_PATTERN, 'Only Korean letters, English letters and digits, 1–15 characters'))
  .transform((s) => s.toLowerCase());

/** SPEC §3 Tag. */
export const zTag = z.object({ name: z.string(), favorite: z.boolean() });
export type Tag = z.infer<typeof zTag>;

export const zTagListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(100),
  favorite: z.enum(['true', 'false']).optional(),
  search: zText().max(15).optional(),
});

export const zTagBody = z.object({ name: zTagName });
export type TagBody = z.input<typeof zTagBody>;

/**
 * POST /archive/sauce/{workspace}/tags/suggest (issue #21 item 6): what the tags are
 * suggested from — the source's link (its preview and kept copy are read) and/or its text —
 * and what the person typed so far.
 */
export const zTagSuggestBody = z.object({
  link: zText().trim().max(2_048).nullish(),
  text: zText().max(20_000).nullish(),
  title: zText().max(200).nullish(),
  search: zText().trim().max(15).optional(),
});
export type TagSuggestBody = z.infer<typeof zTagSuggestBody>;

/** Suggested tags, each obeying SPEC §5's tag rules; never applied without a click. */
export const zTagSuggestions = z.object({
  /** The space's tags, most used first, then by name (those starting with `search`). */
  space: z.array(z.string()),
  /** Words of the link's page or the text, as tags (keyword extraction or the configured LLM). */
  fromText: z.array(z.string()),
  /** How `fromText` was made: 'keywords' (offline), 'llm', or 'none' (nothing to read). */
  method: z.enum(['keywords', 'llm', 'none']),
});
export type TagSuggestions = z.infer<typeof zTagSuggestions>;
