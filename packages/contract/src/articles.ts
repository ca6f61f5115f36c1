import { z } from 'zod';
import { zBodyId, zText } from './common.ts';
import { TAG_PATTERN } from './limits.ts';
import { zLink, zSauce } from './sauces.ts';
import { ALL_ARTICLES, ARTICLE_CATEGORIES, ARTICLE_LIMITS, CATEGORY_KEYS, categoryById } from './categories.ts';

export {
  ALL_ARTICLES,
  ARTICLE_CATEGORIES,
  ARTICLE_LIMITS,
  type ArticleCategory,
  CATEGORY_KEYS,
  type CategoryKey,
  categoryById,
} from './categories.ts';

export const zCategoryKey = z.enum(CATEGORY_KEYS);
/** An article's own category (not 'all'). */
export const zArticleCategoryId = z.number().int().min(1).max(ARTICLE_CATEGORIES.length);

/** SPEC §3 Category, as GET /discovery/articles/category lists it (`category` is the key). */
export const zCategory = z.object({
  id: z.number().int(),
  category: zCategoryKey,
  icon: z.string(),
  /** Visible articles in it. */
  articleCount: z.number().int(),
});
export type Category = z.infer<typeof zCategory>;

/** SPEC §3 Article, as the public list shows it. */
export const zArticle = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The article's link: cards open it in a new tab; a saved copy's `destination`. */
  destination: z.string(),
  /** When it was published, ISO 8601 UTC; null when the page does not say. */
  publishedAt: z.string().nullable(),
  /** Preview image URL; null: the web app draws a cover of the category colour and the publisher's initial. */
  thumbnail: z.string().nullable(),
  /** The site's icon URL, or null. */
  favicon: z.string().nullable(),
  /** Lowercase tags; a clicked tag searches for it. */
  tags: z.array(z.string()),
  /** The publisher (site or author) shown as the uploader. */
  uploader: z.string(),
  /** The publisher's home page, or null. */
  uploaderLink: z.string().nullable(),
  category: zCategoryKey,
  categoryId: z.number().int(),
  /** 'ko' or 'en' when known. */
  language: z.string().nullable(),
});
export type Article = z.infer<typeof zArticle>;

/** A category query value: -1 (all) or one of the four ids. */
const zCategoryParam = z.coerce
  .number()
  .int()
  .refine((v) => v === ALL_ARTICLES.id || categoryById(v) !== undefined, 'Unknown category');

/** GET /discovery/articles query (SPEC §7 Discovery): category, search (title or tag), page, pageSize. */
export const zArticleListQuery = z.object({
  category: zCategoryParam.default(ALL_ARTICLES.id),
  /** Case-insensitive part of a title, or a whole tag (`#` in front is ignored). */
  search: zText().trim().max(ARTICLE_LIMITS.searchLength).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ARTICLE_LIMITS.maxPageSize).default(ARTICLE_LIMITS.pageSize),
});
export type ArticleListQuery = z.infer<typeof zArticleListQuery>;

/** SPEC §3 Save-article payload: POST /discovery/articles/{id}/fork. */
export const zForkArticle = z.object({
  workspace: z.object({ id: zBodyId }),
  folderSet: z.array(zBodyId).max(100).default([]),
  aiEnable: z.boolean().default(false),
});
export type ForkArticle = z.input<typeof zForkArticle>;

/**
 * The fork's answer: the source (modeType 'Article', destination = the article's link).
 * Saving an article already in that space is not an error: the same source comes back with
 * `created: false`, the chosen folders added to it, and a summary requested if asked for
 * and not there yet (issue #10: double save is idempotent).
 */
export const zForkResult = z.object({ sauce: zSauce, created: z.boolean() });
export type ForkResult = z.infer<typeof zForkResult>;

/** An article tag: 1–15 Korean or English letters and digits (as source tags, SPEC §5), stored lowercase. */
export const zArticleTag = z
  .string()
  .trim()
  .transform((s) => s.replace(/^#/, '').toLowerCase())
  .pipe(z.string().regex(TAG_PATTERN, 'Tags are 1–15 Korean or English letters and digits'));

const zIsoDate = z.iso.datetime({ offset: true }).or(z.iso.date());

/** POST /discovery/admin/articles: add an article by URL (metadata is read from the page). */
export const zCreateArticle = z.object({
  url: zLink,
  categoryId: zArticleCategoryId,
  tags: z.array(zArticleTag).max(ARTICLE_LIMITS.tagsPerArticle).default([]),
  /** Overrides the page's title; required when the page cannot be read. */
  title: zText().trim().min(1).max(ARTICLE_LIMITS.titleLength).optional(),
  publisher: zText().trim().max(ARTICLE_LIMITS.publisherLength).optional(),
  publishedAt: zIsoDate.nullable().optional(),
  thumbnail: zLink.nullable().optional(),
});
export type CreateArticle = z.input<typeof zCreateArticle>;

/** PATCH /discovery/admin/articles/{id}: any of these; `hidden` takes it off the public list. */
export const zUpdateArticle = z.object({
  title: zText().trim().min(1).max(ARTICLE_LIMITS.titleLength).optional(),
  categoryId: zArticleCategoryId.optional(),
  tags: z.array(zArticleTag).max(ARTICLE_LIMITS.tagsPerArticle).optional(),
  publisher: zText().trim().max(ARTICLE_LIMITS.publisherLength).optional(),
  publishedAt: zIsoDate.nullable().optional(),
  thumbnail: zLink.nullable().optional(),
  hidden: z.boolean().optional(),
});
export type UpdateArticle = z.input<typeof zUpdateArticle>;

/** Where an article came from. */
export const zArticleSource = z.enum(['seed', 'admin', 'feed']);

/** An article as the admin page sees it: hidden ones too, with their origin. */
export const zAdminArticle = zArticle.extend({
  hidden: z.boolean(),
  source: zArticleSource,
  /** The de-duplication key: the link without tracking parameters, fragment or `www.`. */
  canonicalUrl: z.string(),
  description: z.string(),
  feedId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type AdminArticle = z.infer<typeof zAdminArticle>;

/** GET /discovery/admin/articles query. */
export const zAdminArticleListQuery = z.object({
  category: zCategoryParam.default(ALL_ARTICLES.id),
  search: zText().trim().max(ARTICLE_LIMITS.searchLength).optional(),
  status: z.enum(['all', 'visible', 'hidden']).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminArticleListQuery = z.infer<typeof zAdminArticleListQuery>;

/** POST /discovery/admin/articles/preview: what adding `url` would store. */
export const zArticlePreview = z.object({
  url: z.string(),
  canonicalUrl: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  favicon: z.string().nullable(),
  publisher: z.string(),
  publishedAt: z.string().nullable(),
  language: z.string().nullable(),
  /** The page could be read (else the title must be typed). */
  readable: z.boolean(),
  /** An article with the same canonical URL, if one exists. */
  existingId: z.number().int().nullable(),
});
export type ArticlePreview = z.infer<typeof zArticlePreview>;

/** A feed's state: not polled yet, last poll fine, last poll failed. */
export const zFeedStatus = z.enum(['pending', 'ok', 'failing']);

/**
 * Why a feed poll failed (stored on the feed; the web app translates the code):
 * a private address, no answer in time, over the size limit, a redirect loop, not XML,
 * an HTTP error, unreachable, or XML that is not RSS or Atom.
 */
export const FEED_ERROR_CODES = [
  'FEED_URL_NOT_ALLOWED',
  'FEED_TIMEOUT',
  'FEED_TOO_LARGE',
  'FEED_TOO_MANY_REDIRECTS',
  'FEED_NOT_XML',
  'FEED_HTTP_ERROR',
  'FEED_UNREACHABLE',
  'FEED_INVALID',
] as const;
export type FeedErrorCode = (typeof FEED_ERROR_CODES)[number];

/** An RSS or Atom feed a category is subscribed to (issue #10 Curation). */
export const zFeed = z.object({
  id: z.number().int(),
  url: z.string(),
  /** The feed's own title, once read. */
  title: z.string(),
  categoryId: z.number().int(),
  category: zCategoryKey,
  enabled: z.boolean(),
  status: zFeedStatus,
  lastError: z.object({ code: z.enum(FEED_ERROR_CODES), message: z.string() }).nullable(),
  /** Failed polls in a row. */
  failureCount: z.number().int(),
  lastCheckedAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  /** Articles that came from this feed. */
  articleCount: z.number().int(),
  createdAt: z.string(),
});
export type Feed = z.infer<typeof zFeed>;

/** POST /discovery/admin/feeds. */
export const zCreateFeed = z.object({ url: zLink, categoryId: zArticleCategoryId });
/** PATCH /discovery/admin/feeds/{id}. */
export const zUpdateFeed = z.object({ categoryId: zArticleCategoryId.optional(), enabled: z.boolean().optional() });
export type CreateFeed = z.input<typeof zCreateFeed>;
export type UpdateFeed = z.input<typeof zUpdateFeed>;

/** What one poll of a feed did. */
export const zFeedPollResult = z.object({
  feed: zFeed,
  /** Items in the feed read this time (at most 50). */
  items: z.number().int(),
  /** New articles added (the rest were already there, by canonical URL). */
  added: z.number().int(),
});
export type FeedPollResult = z.infer<typeof zFeedPollResult>;
