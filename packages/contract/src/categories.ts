// Zod-free, so the web app's public pages can use these without the schema library (issue #11 item 2).

/**
 * SPEC §3 Category: the four article categories, fixed. `id` is stable (stored in the
 * database), `key` names the label in the web app's i18n (`articles:categories.{key}`),
 * `icon` is a lucide icon name and `color` the background of generated covers (white text
 * on it stays above WCAG AA).
 */
export const ARTICLE_CATEGORIES = [
  { id: 1, key: 'design', icon: 'palette', color: '#6d4ad8' },
  { id: 2, key: 'business', icon: 'briefcase-business', color: '#0b7a5c' },
  { id: 3, key: 'development', icon: 'code-xml', color: '#2456c9' },
  { id: 4, key: 'marketing', icon: 'megaphone', color: '#c2410c' },
] as const;

/** SPEC §3: category id -1 means all articles. */
export const ALL_ARTICLES = { id: -1, key: 'all', icon: 'layout-grid' } as const;

export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];
export const CATEGORY_KEYS = ['all', ...ARTICLE_CATEGORIES.map((c) => c.key)] as const;
export type CategoryKey = (typeof CATEGORY_KEYS)[number];
/** The category of id `id`, or undefined (-1 and unknown ids). */
export const categoryById = (id: number): ArticleCategory | undefined => ARTICLE_CATEGORIES.find((c) => c.id === id);

/** Limits of articles, feeds and summaries (issue #10). */
export const ARTICLE_LIMITS = {
  /** Default page of GET /discovery/articles (the web app's infinite scroll asks for this). */
  pageSize: 24,
  /** Largest page of GET /discovery/articles. */
  maxPageSize: 60,
  /** Characters of a search. */
  searchLength: 100,
  /** Tags on one article. */
  tagsPerArticle: 5,
  /** Characters of an article title. */
  titleLength: 300,
  /** Characters of a publisher name. */
  publisherLength: 100,
  /** Characters of a description. */
  descriptionLength: 1_000,
  /** Summaries are 3 to 5 sentences. */
  summaryMinSentences: 3,
  summaryMaxSentences: 5,
} as const;
