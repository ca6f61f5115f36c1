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
