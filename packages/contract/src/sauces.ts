import { z } from 'zod';
import { zBodyId, zId, zText } from './common.ts';
import { LIMITS, maxCounted } from './limits.ts';
import { cleanText, noBidiControls } from './names.ts';
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

/** A position on an image, relative to its width or height: 0 (left/top) to 1 (right/bottom). */
const zRelative = z.number().min(0).max(1);

/** SPEC §3 Image source comment: a numbered pin at (x, y) on one image; `parent` makes it a reply. */
export const zImageComment = z.object({
  id: z.number().int(),
  message: z.string(),
  x: z.number(),
  y: z.number(),
  /** The comment this one replies to (always a top-level comment on the same image), or null. */
  parent: z.number().int().nullable(),
  authorNickname: z.string(),
  authorProfileImage: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the reader may change or delete it: its author only (issue #7). */
  isEditable: z.boolean(),
});
export type ImageComment = z.infer<typeof zImageComment>;

/**
 * An uploaded image, as POST …/image/upload/single returns it. URLs are signed and expire
 * (a day or two): read them from a fresh response rather than storing them.
 */
export const zUploadedImage = z.object({
  id: z.number().int(),
  /** Display size: WebP, at most 2560 px on the long edge, metadata stripped. */
  url: z.string(),
  /** Card size: WebP, at most 640 px wide. */
  thumbnailUrl: z.string(),
  /** Full resolution, in the uploaded format, metadata (EXIF, GPS) stripped. */
  originalUrl: z.string(),
  /** Pixels of the original after EXIF orientation is applied. */
  width: z.number().int(),
  height: z.number().int(),
  /** Bytes stored for this image (original, display and thumbnail). */
  byteSize: z.number().int(),
  /** Dominant colour, `#rrggbb`: the placeholder while the image loads. */
  color: z.string(),
});
export type UploadedImage = z.infer<typeof zUploadedImage>;

/** SPEC §3 Image source: one image of `imageSauce`, in `order` (0-based), with its comments. */
export const zSauceImage = zUploadedImage.extend({
  order: z.number().int(),
  comments: z.array(zImageComment),
});
export type SauceImage = z.infer<typeof zSauceImage>;

/** What a card needs to reserve an image's box before it loads (DESIGN.md Cards). */
export const zThumbnailMeta = z.object({ width: z.number().int(), height: z.number().int(), color: z.string() });

/**
 * The AI summary of a saved article (issue #10): `pending` until the job has run, then
 * `ready` (3–5 sentences in `text`), `unavailable` (no readable text on the page: 'summary
 * not available for this site') or `failed` (the page did not answer, after retries).
 * Null on sources without a requested summary.
 */
export const zSauceSummary = z.object({
  status: z.enum(['pending', 'ready', 'unavailable', 'failed']),
  /** The summary, sentences separated by line breaks; '' unless ready. */
  text: z.string(),
  /** How it was made: the built-in extractive summariser or an LLM; null until ready. */
  method: z.enum(['extractive', 'llm']).nullable(),
});
export type SauceSummary = z.infer<typeof zSauceSummary>;

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
  /** Image sources' images with comments: on reads of one source (and shared ones); null in lists and for text sources. */
  imageSauce: z.array(zSauceImage).nullable(),
  /** Size and colour of `thumbnail` for image sources; null for text sources. */
  thumbnailMeta: zThumbnailMeta.nullable(),
  tagSet: z.array(z.object({ name: z.string() })),
  folderSet: z.array(z.object({ id: z.number().int(), name: z.string() })),
  userNickname: z.string(),
  userProfileImage: z.string().nullable(),
  isEditable: z.boolean(),
  activeSauce: z.boolean(),
  isShareEnabled: z.boolean(),
  byteSize: z.number().int(),
  /** 'Article' for a source saved from the articles (POST /discovery/articles/{id}/fork). */
  modeType: z.enum(['Sauce', 'Article']),
  /** The link the source leads to: a text source's link, a saved article's URL. */
  destination: z.string().nullable(),
  summary: zSauceSummary.nullable(),
});
export type Sauce = z.infer<typeof zSauce>;

/** A source title: cleaned as names are (NFC, zero-width characters gone), on one line, without direction controls. */
const title = (max: number) =>
  zText()
    .transform((s) => cleanText(s).replace(/[\r\n]/g, ' ').trim())
    .pipe(z.string().refine(...maxCounted(max)).refine(...noBidiControls));

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
/**
 * A comment in a save body. `id` is an existing comment's id (number) or, for a new one, a
 * key the client chose (string) that replies in the same body may name as `parent`.
 * A parent must be a top-level comment on the same image.
 */
export const zCommentInput = z.object({
  id: z.union([zBodyId, z.string().min(1).max(64)]),
  message: zText()
    .trim()
    .min(1)
    .refine(...maxCounted(LIMITS.commentLength)),
  x: zRelative,
  y: zRelative,
  parent: z.union([zBodyId, z.string().min(1).max(64)]).nullable().default(null),
});
export type CommentInput = z.input<typeof zCommentInput>;

/**
 * An image in a save body: an upload of the caller's not yet saved into a source, or an
 * image already in this source. Array position is the order. Limits (10 images, 10 comments
 * per image, SPEC §9) answer 422 LIMIT_REACHED; the schema bounds only the work per request.
 */
export const zImageInput = z.object({
  id: zBodyId,
  comments: z.array(zCommentInput).max(100).default([]),
});
export type ImageInput = z.input<typeof zImageInput>;

/** POST /archive/sauce/{workspace} body for an image source (SPEC §3 Image source). */
export const zCreateImageSauce = z.object({
  type: z.literal('IMAGE'),
  title: title(LIMITS.imageTitleLength).default(''),
  /** At least one image (else 400 NO_IMAGE, 'There is no image to upload'). */
  imageSauce: z.array(zImageInput).max(100),
  ...common,
});
export const zCreateSauce = z.discriminatedUnion('type', [zCreateTextSauce, zCreateImageSauce]);
export type CreateSauce = z.infer<typeof zCreateSauce>;

/**
 * PATCH /archive/sauce/{workspace}/{id}: every field optional; type cannot change
 * (`textSauce` only for text sources, `imageSauce` only for image ones, else 400).
 * `imageSauce` replaces the whole list: images left out are deleted with their comments.
 */
export const zUpdateSauce = z.object({
  /** Image sources allow 60 characters (checked by the server against the source's type). */
  title: title(LIMITS.textTitleLength).optional(),
  imageSauce: z.array(zImageInput).max(100).optional(),
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
