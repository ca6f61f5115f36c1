import { z } from 'zod';
import { page, zBodyId, zId, zText } from './common.ts';
import { imageTextFields, zSnippetImage } from './image-text.ts';
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

/**
 * Where a text source's link preview is (issue #23: saves never wait for the linked site):
 * `pending` while a background job fetches it (the card shows the link's domain, quietly
 * loading), `ready`, or `failed` (the domain only; the source's page offers a retry). Null
 * without a link, or when there is nothing to fetch (a saved article, an import).
 */
export const zPreviewStatus = z.enum(['pending', 'ready', 'failed']);
export type PreviewStatus = z.infer<typeof zPreviewStatus>;

/** The link preview a text card shows (SPEC §2 Cards: image, title, domain). */
export const zTextCard = z.object({
  text: z.string(),
  link: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  previewStatus: zPreviewStatus.nullable(),
  /** Issue #21: the link was gone (404, 410, its name unknown) three weekly checks in a row; the saved text stays. */
  broken: z.boolean(),
  /**
   * Issue #21: the linked page's readable copy — null (no link, or the extension's saved copy
   * instead), 'pending', 'ready' (GET …/{id}/copy reads it), 'empty' (the page had no readable
   * text) or 'failed'.
   */
  copyStatus: z.enum(['pending', 'ready', 'empty', 'failed']).nullable(),
});

/** GET /archive/sauce/{workspace}/{id}/copy: the linked page's readable text as it was kept (issue #21). */
export const zLinkCopy = z.object({
  status: z.enum(['pending', 'ready', 'empty', 'failed']).nullable(),
  text: z.string().nullable(),
  copiedAt: z.string().nullable(),
});
export type LinkCopy = z.infer<typeof zLinkCopy>;

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
  /**
   * Issue #21 item 4: the image's palette, up to 5 colours `#rrggbb` (lower case), the
   * largest share of its pixels first; empty until it has been read (images stored before
   * the palettes existed get theirs from a background job shortly after an upgrade).
   */
  palette: z.array(z.string()),
});
export type UploadedImage = z.infer<typeof zUploadedImage>;

/** Issue #21 item 5: a source of the same space holding an image nearly identical to an upload. */
export const zSimilarSauce = z.object({
  /** The source's id (open it at its page). */
  id: z.number().int(),
  type: zSauceType,
  title: z.string(),
  /** The matching image's card-size thumbnail (signed URL). */
  thumbnailUrl: z.string(),
  /** Bits of the 64-bit perceptual hashes that differ: 0 (the same picture) to 6. */
  distance: z.number().int(),
});
export type SimilarSauce = z.infer<typeof zSimilarSauce>;

/**
 * POST …/image/upload/single: the upload, and `similarTo` — the space's sources (at most 5,
 * nearest first) already holding a nearly identical image (perceptual hash within 6 of 64
 * bits), for the editor to point out before saving; saving is never refused for it.
 */
export const zUploadResult = zUploadedImage.extend({ similarTo: z.array(zSimilarSauce) });
export type UploadResult = z.infer<typeof zUploadResult>;

/** SPEC §3 Image source: one image of `imageSauce`, in `order` (0-based), with its comments and its words (issue #33). */
export const zSauceImage = zUploadedImage.extend({ order: z.number().int(), comments: z.array(zImageComment), ...imageTextFields });
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

/**
 * Issue #20: the saved copy of what the person saw when the browser extension saved the
 * page: a self-contained HTML snapshot (opened from `snapshotUrl`, its own path under
 * `/saved/`, in a sandbox: no script runs, no cookie is readable) and a screenshot of the
 * visible area (the card's thumbnail). URLs are signed and expire in a day or two.
 */
export const zSavedCopy = z.object({
  /** The page's address when it was saved, or null. */
  pageUrl: z.string().nullable(),
  /** When it was saved, ISO 8601 UTC. */
  capturedAt: z.string(),
  /** The snapshot, served sandboxed with `Content-Security-Policy: sandbox`; null without one. */
  snapshotUrl: z.string().nullable(),
  /** Bytes of the snapshot; null without one. */
  snapshotBytes: z.number().int().nullable(),
  /** The screenshot at display size (WebP); null without one. */
  screenshotUrl: z.string().nullable(),
  /** The screenshot at card size (WebP); null without one. */
  screenshotThumbnailUrl: z.string().nullable(),
  /** Bytes stored for the saved copy (snapshot and screenshot), counted in the space's storage. */
  byteSize: z.number().int(),
});
export type SavedCopy = z.infer<typeof zSavedCopy>;

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
  /** Size and colour of `thumbnail` for image sources (and a saved copy's screenshot, issue #20); else null. */
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
  /** Issue #20: the saved copy of a page saved by the browser extension; on reads of one source, null in lists and shares. */
  savedCopy: zSavedCopy.nullable(),
  /** In a search's results: the text around the first match (up to 200 characters), e.g. in a comment or a summary the card does not show (issue #21). */
  snippet: z.string().optional(),
  snippetImage: zSnippetImage,
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
/** POST /archive/sauce/{workspace} bodies as a client sends them (defaults not yet applied). */
export type CreateTextSauceInput = z.input<typeof zCreateTextSauce>;
export type CreateImageSauceInput = z.input<typeof zCreateImageSauce>;
export type CreateSauceInput = z.input<typeof zCreateSauce>;

/**
 * Issue #20: the text fields of POST /archive/sauce/{workspace}/capture (multipart), checked
 * as an ordinary save's: the page's title (at most 100 characters, 60 when images are sent,
 * SPEC §5), its link (http or https), the note (the selected text), tags (SPEC §5: at most
 * 5, letters and digits, lowercased) and folders of the space.
 */
export const zCaptureFields = z.object({
  title: title(LIMITS.textTitleLength).default(''),
  link: zLink.nullable().default(null),
  text: zNote.default(''),
  tagSet: common.tagSet,
  folderSet: z.array(zId).max(100).default([]),
});
export type CaptureFields = z.infer<typeof zCaptureFields>;

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
/** PATCH /archive/sauce/{workspace}/{id} body as a client sends it. */
export type UpdateSauceInput = z.input<typeof zUpdateSauce>;

const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Filters of the source lists (SPEC §2 Cards and lists, §5: at most 3 tags). */
export const zSauceListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.saucePageSize).default(LIMITS.saucePageSize),
  folder: zId.optional(),
  /**
   * Search (issue #21): titles, notes, links with their titles and descriptions, AI summaries
   * and image comments; English by word forms (design finds designing, as a prefix), Korean
   * inside longer words (최적화 finds 검색엔진최적화); all words must match; ranked by
   * relevance, a title match first (so paged by `page`, not `cursor`).
   */
  search: zText().trim().max(200).optional(),
  tag: z
    .union([z.string(), z.array(z.string())])
    .transform((t) => (Array.isArray(t) ? t : [t]))
    .pipe(z.array(z.string().max(15).transform((s) => s.toLowerCase())).max(LIMITS.tagsInFilter))
    .optional(),
  image: boolParam.optional(),
  text: boolParam.optional(),
  favorite: boolParam.optional(),
  /** Issue #21: only sources whose link was found gone three weekly checks in a row. */
  broken: boolParam.optional(),
  /**
   * Issue #21 item 4: only sources with an image whose palette holds a colour close to this
   * one, `#rrggbb` (sent as `%23rrggbb`): within 0.1 in OKLab (ΔE_OK, about five
   * just-noticeable differences). Anything else answers 400 INVALID_FORMAT.
   */
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Not a #rrggbb colour')
    .transform((s) => s.toLowerCase())
    .optional(),
  /**
   * Issue #24: the page after this one's last source (the `nextCursor` of the page before),
   * read from the list's index whatever its depth; a source saved meanwhile never shifts it,
   * so no source is skipped or shown twice. Without it, `page` is counted from the top.
   */
  cursor: z
    .string()
    .regex(/^\d{1,20}\.\d{1,10}$/, 'Not a list cursor')
    .optional(),
});
export type SauceListQuery = z.infer<typeof zSauceListQuery>;

/** A source list page (SPEC §3 page envelope) with the cursor of the page after it (issue #24), null on the last. */
export const zSaucePage = page(zSauce).extend({
  nextCursor: z.string().nullable(),
  /** Lower-case words a search's results mark (its English stems, its Korean words); empty without a search (issue #21). */
  highlight: z.array(z.string()),
});
export type SaucePage = z.infer<typeof zSaucePage>;

/** POST /archive/sauce/{workspace}/{id}/share (SPEC §7). */
export const zShareBody = z.object({ isShareEnabled: z.boolean() });
export type ShareBody = z.input<typeof zShareBody>;
/** SPEC §3 Share link: `link` is null when sharing is off. */
export const zShareLink = z.object({ link: z.string().nullable(), isShareEnabled: z.boolean() });
export type ShareLink = z.infer<typeof zShareLink>;

// ---------------------------------------------------------------------------------------
// Issue #21 item 5: duplicate links; item 3: one search across the person's spaces.
// ---------------------------------------------------------------------------------------

/**
 * GET /archive/sauce/{workspace}/duplicates: the link being saved (any text: a link that
 * is not http(s) finds only itself) and, when editing, the source to leave out.
 */
export const zDuplicatesQuery = z.object({
  link: zText().trim().min(1).max(LIMITS.linkLength),
  exclude: zId.optional(),
});
export type DuplicatesQuery = z.infer<typeof zDuplicatesQuery>;

/** A source of the space already saving the same link (after normalisation), newest first. */
export const zDuplicate = z.object({
  id: z.number().int(),
  type: zSauceType,
  title: z.string(),
  /** The link's preview title, for a source saved without a title of its own. */
  linkTitle: z.string(),
  link: z.string().nullable(),
  folderSet: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** ISO 8601 in UTC with milliseconds. */
  createdAt: z.string(),
});
export type Duplicate = z.infer<typeof zDuplicate>;

/** Most duplicates one answer lists. */
export const DUPLICATES_MAX = 5;

/** GET /archive/sauce/search: one search over every space the person belongs to. */
export const zGlobalSearchQuery = z.object({
  search: zText().trim().min(1).max(200),
  /** Most results in all (spaces together), default 30. */
  limit: z.coerce.number().int().min(1).max(50).default(30),
  /** Most results from one space, default 8. */
  perSpace: z.coerce.number().int().min(1).max(20).default(8),
});
export type GlobalSearchQuery = z.infer<typeof zGlobalSearchQuery>;

/** One hit of a global search: enough to show a line and open the source. */
export const zGlobalSearchHit = z.object({
  id: z.number().int(),
  type: zSauceType,
  title: z.string(),
  linkTitle: z.string(),
  link: z.string().nullable(),
  /** The text around the first marked word (up to 200 characters), or null. */
  snippet: z.string().nullable(),
  snippetImage: zSnippetImage,
});
export type GlobalSearchHit = z.infer<typeof zGlobalSearchHit>;

/** The hits of one space, best first; spaces ordered by their best hit. */
export const zGlobalSearchGroup = z.object({
  workspace: z.object({ id: z.number().int(), name: z.string(), personal: z.boolean() }),
  results: z.array(zGlobalSearchHit),
});
export type GlobalSearchGroup = z.infer<typeof zGlobalSearchGroup>;

export const zGlobalSearchResult = z.object({
  groups: z.array(zGlobalSearchGroup),
  /** Lower-case words the results mark, as the list's `highlight`. */
  highlight: z.array(z.string()),
});
export type GlobalSearchResult = z.infer<typeof zGlobalSearchResult>;
