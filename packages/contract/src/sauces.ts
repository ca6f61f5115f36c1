import { z } from 'zod';
import { zBodyId, zId, zText } from './common.ts';
import { LIMITS, maxCounted } from './limits.ts';
import { zTagName } from './tags.ts';

export const zSauceType = z.enum(['TEXT', 'IMAGE']);
export type SauceType = z.infer<typeof zSauceType>;

/**
 * A link a person typed: http(s) only (`javascript:`, `data:` and the rest are refused,
 * so nothing else is ever rendered as a link), at most 2,048 characters.
 */
export const zLink = zText()
  .trim()
  .max(LIMITS.linkLength)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'Only http and https links are allowed');

/** The link preview a text card shows (SPEC §2 Cards: image, title, domain). */
export const zTextCard = z.object({
  text: z.string(),
  link: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
});

/** SPEC §3 Source (sauce), as every list and read returns it. */
export const zSauce = z.object({
  id: z.number().int(),
  type: zSauceType,
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  thumbnail: z.string().nullable(),
  textCard: zTextCard.nullable(),
  textSauce: z.object({ text: z.string(), link: z.string().nullable() }).nullable(),
  tagSet: z.array(z.object({ name: z.string() })),
  folderSet: z.array(z.object({ id: z.number().int(), name: z.string() })),
  userNickname: z.string(),
  userProfileImage: z.string().nullable(),
  isEditable: z.boolean(),
  activeSauce: z.boolean(),
  isShareEnabled: z.boolean(),
  byteSize: z.number().int(),
  modeType: z.literal('Sauce'),
  destination: z.string().nullable(),
});
export type Sauce = z.infer<typeof zSauce>;

const title = (max: number) =>
  zText()
    .transform((s) => s.replace(/[\r\n]/g, ' ').trim())
    .pipe(z.string().refine(...maxCounted(max)));

/** A note's text: at most 20,000 characters, line breaks not counted (SPEC §5). */
const zNote = zText().refine(...maxCounted(LIMITS.textLength));

const common = {
  tagSet: z.array(zTagName).max(LIMITS.tagsPerSauce).default([]),
  folderSet: z.array(zBodyId).max(100).default([]),
};

/** POST /archive/sauce/{workspace} body for a text source (SPEC §3 Text source). */
export const zCreateTextSauce = z.object({
  type: z.literal('TEXT'),
  title: title(LIMITS.textTitleLength).default(''),
  textSauce: z.object({
    text: zNote.default(''),
    link: zLink.nullable().default(null),
  }),
  ...common,
});
export const zCreateSauce = z.discriminatedUnion('type', [zCreateTextSauce]);
export type CreateSauce = z.infer<typeof zCreateSauce>;

/** PATCH /archive/sauce/{workspace}/{id}: every field optional; type cannot change. */
export const zUpdateSauce = z.object({
  title: title(LIMITS.textTitleLength).optional(),
  textSauce: z
    .object({
      text: zNote.optional(),
      link: zLink.nullable().optional(),
    })
    .optional(),
  tagSet: common.tagSet.unwrap().optional(),
  folderSet: common.folderSet.unwrap().optional(),
});
export type UpdateSauce = z.infer<typeof zUpdateSauce>;

const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Filters of the source lists (SPEC §2 Cards and lists, §5: at most 3 tags). */
export const zSauceListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.saucePageSize).default(LIMITS.saucePageSize),
  folder: zId.optional(),
  /** Case-insensitive search in titles, text and link titles. */
  search: zText().trim().max(200).optional(),
  tag: z
    .union([z.string(), z.array(z.string())])
    .transform((t) => (Array.isArray(t) ? t : [t]))
    .pipe(z.array(z.string().max(15).transform((s) => s.toLowerCase())).max(LIMITS.tagsInFilter))
    .optional(),
  image: boolParam.optional(),
  text: boolParam.optional(),
  favorite: boolParam.optional(),
});
export type SauceListQuery = z.infer<typeof zSauceListQuery>;
